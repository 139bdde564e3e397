"""A module's brand: its logo, re-encoded by Pillow so only pixels are stored."""
import io
import warnings

from flask import current_app
from PIL import Image, UnidentifiedImageError
from sqlalchemy import select

from ..errors import ApiError, Invalid, NotFound
from ..extensions import db
from ..i18n import N_, _
from ..models import Brand, Module
from ..models.base import utcnow
from . import feed, storage
from .sentences import said

MAX_SIDE = 512


def logo_of(user, brand_id):
    """The brand whose logo `user` may see (they view its module, and it has a logo), else 404."""
    from .. import permissions as perm
    brand = db.session.get(Brand, brand_id)
    module = db.session.get(Module, brand.module_id) if brand else None
    if module is None or not perm.rights(user, module).view or not brand.logo:
        raise NotFound(_("Logo not found"))
    return brand


def find(module):
    return db.session.scalar(select(Brand).where(Brand.module_id == module.id))


def reencode_image(upload, max_bytes, max_side=MAX_SIDE, field="logo"):
    """Open an uploaded image, refuse anything that is not one, and return PNG bytes of its pixels."""
    if upload is None or not getattr(upload, "filename", None):
        raise Invalid(_("The form has errors"), errors={field: [_("File is required")]})
    data = upload.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise ApiError(_("The image is too large (limit %(kb)s KB)", kb=max_bytes // 1024), status=413)
    limit = current_app.config["MAX_IMAGE_PIXELS"]
    try:
        # Pillow only warns below twice its limit (a warning nobody reads): our own check, on the header's size,
        # refuses first.
        Image.MAX_IMAGE_PIXELS = limit
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            img = Image.open(io.BytesIO(data))  # reads the header only
        with img:
            if img.format not in ("PNG", "JPEG", "GIF", "WEBP", "BMP"):
                raise UnidentifiedImageError(img.format)
            width, height = img.size
            if width * height > limit:
                raise Invalid(_("The form has errors"), errors={field: [
                    _("The image is too large: %(width)s×%(height)s pixels (at most %(limit)s megapixels)",
                      width=width, height=height, limit=limit // 1_000_000)]})
            img.load()
            img = img.convert("RGBA")
            img.thumbnail((max_side, max_side))
            out = io.BytesIO()
            img.save(out, "PNG", optimize=True)
            return out.getvalue()
    except Image.DecompressionBombError:  # over twice the limit: Pillow refuses on its own, from the header too
        raise Invalid(_("The form has errors"), errors={field: [
            _("The image is too large (at most %(limit)s megapixels)", limit=limit // 1_000_000)]})
    except (UnidentifiedImageError, OSError, ValueError):
        raise Invalid(_("The form has errors"), errors={field: [_("Please upload a PNG, JPEG, GIF or WebP image")]})


def save_logo(user, module, upload):
    png = reencode_image(upload, current_app.config["LOGO_MAX_BYTES"])
    name = storage.stage_bytes("logos", png, ".png")
    with storage.kept_only_if_committed("logos", name):
        brand = find(module)
        old = brand.logo if brand else None
        if brand is None:
            brand = Brand(module_id=module.id)
            db.session.add(brand)
        brand.logo, brand.logo_size, brand.logo_mime, brand.updated = name, len(png), "image/png", utcnow()
        feed.record(user, module, "edit", "brand", said(N_("Changed the logo of '%(module)s'"), module=module.name))
    if old:
        storage.remove("logos", old)
    return brand
