"""The signed-in user's profile and avatar."""
from flask import current_app

from ..errors import NotFound
from ..extensions import db
from ..models import User
from . import storage
from .brand import reencode_image

FIELDS = ("name", "organisation", "position", "phone", "country", "language")
AVATAR_SIDE = 256


def with_avatar(user_id):
    """The user whose avatar is asked for, if they have one, else 404."""
    user = db.session.get(User, user_id)
    if user is None or not user.avatar:
        from ..i18n import _
        raise NotFound(_("No avatar"))
    return user


def values(user):
    return {"name": user.name, "email": user.email, "organisation": user.organisation or "",
            "position": user.position or "", "phone": user.phone or "", "country": user.country or "",
            "language": user.language or ""}


def update(user, data):
    for key in FIELDS:
        if key in data:
            if key == "language":
                user.language = data[key] or None  # none chosen: the browser's, else the brand's
            else:
                setattr(user, key, data[key] or ("" if key != "name" else user.name))
    db.session.commit()
    return user


def save_avatar(user, upload):
    png = reencode_image(upload, current_app.config["LOGO_MAX_BYTES"], max_side=AVATAR_SIDE, field="avatar")
    name = storage.stage_bytes("avatars", png, ".png")
    old = user.avatar
    with storage.kept_only_if_committed("avatars", name):
        user.avatar = name
    if old:
        storage.remove("avatars", old)
    return user
