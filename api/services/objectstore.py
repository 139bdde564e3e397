"""Where stored bytes live: one interface, two backends. `services/storage.py` (names, staging, publishing,
recovery, downloads) speaks only to this interface, so the embedded default (a local folder) and an S3-compatible
object store (MinIO, Ceph RGW, AWS S3, Garage) behave the same.

Keys are '<kind>/<name>' ('files/3f9c...', 'files/3f9c....part' while staged). A backend:

  write(key, source)       source: bytes or a readable file object (streamed: never the whole file in memory)
  copy(src, dst)           on the store's side when it can
  move(src, dst)           a rename where the store has one, else copy then delete
  delete(key)              no error when it is gone
  size(key)                bytes, or None when there is no such object
  names(kind)              every name stored under a kind, staged ones included
  open(key)                a readable file object (streamed)
  local_path(key)          the file's path for a local backend (X-Accel-Redirect, send_file), else None
  download_url(key, ...)   a short-lived presigned URL (object stores), else None
  sha256(key)              the hex digest of the stored bytes (an object store keeps it as metadata on write)
"""
import hashlib
import os
import shutil
from urllib.parse import urlsplit

from flask import current_app

MULTIPART_BYTES = 8 * 1024 * 1024  # uploads above this go to an object store in parts


class LocalBackend:
    """A folder: <root>/<kind>/<name>; without a root, the app's UPLOAD_DIR as it is at each call."""

    def __init__(self, root=None):
        self._root = root

    @property
    def root(self):
        return self._root or current_app.config["UPLOAD_DIR"]

    def _path(self, key):
        kind, _, name = key.partition("/")
        if not kind or not name or "/" in name or "\\" in name or name.startswith(".") or kind.startswith("."):
            raise ValueError("bad stored key")
        folder = os.path.join(self.root, kind)
        os.makedirs(folder, exist_ok=True)
        return os.path.join(folder, name)

    def write(self, key, source, sha256=None):
        path = self._path(key)
        with open(path, "wb") as out:
            if isinstance(source, (bytes, bytearray)):
                out.write(source)
            else:
                shutil.copyfileobj(source, out, 1024 * 1024)
        return os.path.getsize(path)

    def copy(self, src, dst):
        shutil.copyfile(self._path(src), self._path(dst))

    def move(self, src, dst):
        os.replace(self._path(src), self._path(dst))

    def delete(self, key):
        try:
            os.remove(self._path(key))
        except (FileNotFoundError, ValueError):
            pass

    def size(self, key):
        try:
            return os.path.getsize(self._path(key))
        except (FileNotFoundError, ValueError):
            return None

    def names(self, kind):
        folder = os.path.join(self.root, kind)
        return sorted(n for n in os.listdir(folder) if os.path.isfile(os.path.join(folder, n))) \
            if os.path.isdir(folder) else []

    def open(self, key):
        return open(self._path(key), "rb")

    def local_path(self, key):
        return self._path(key)

    def download_url(self, key, filename, mimetype, seconds):
        return None

    def sha256(self, key):
        with self.open(key) as fh:
            return _digest(fh)


class S3Backend:
    """An S3-compatible bucket, under an optional prefix: s3://bucket/prefix (endpoint from S3_ENDPOINT_URL, keys
    from the usual AWS_* variables or the machine's role)."""

    def __init__(self, bucket, prefix="", endpoint_url=None, region=None, presign_seconds=60):
        import boto3
        from boto3.s3.transfer import TransferConfig
        from botocore.config import Config
        self.bucket, self.prefix = bucket, prefix.strip("/")
        self.client = boto3.client("s3", endpoint_url=endpoint_url or None, region_name=region or None,
                                   config=Config(signature_version="s3v4", retries={"max_attempts": 3}))
        # Parts of 8 MB, at most 3 in flight and 4 read ahead (s3transfer's default reads 10 ahead: 80 MB): an
        # upload holds about 32 MB whatever the file's size.
        self.transfer = TransferConfig(multipart_threshold=MULTIPART_BYTES, multipart_chunksize=MULTIPART_BYTES,
                                       max_concurrency=3)
        self.transfer.max_in_memory_upload_chunks = 4  # s3transfer's setting, not among boto3's arguments
        self.presign_seconds = presign_seconds

    def _key(self, key):
        kind, _, name = key.partition("/")
        if not kind or not name or "/" in name or name.startswith("."):
            raise ValueError("bad stored key")
        return f"{self.prefix}/{key}" if self.prefix else key

    def write(self, key, source, sha256=None):
        import io
        body = io.BytesIO(source) if isinstance(source, (bytes, bytearray)) else source
        extra = {"Metadata": {"sha256": sha256}} if sha256 else None
        self.client.upload_fileobj(body, self.bucket, self._key(key), Config=self.transfer, ExtraArgs=extra)
        return self.size(key)

    def copy(self, src, dst):
        self.client.copy({"Bucket": self.bucket, "Key": self._key(src)}, self.bucket, self._key(dst),
                         Config=self.transfer)

    def move(self, src, dst):
        self.copy(src, dst)
        self.delete(src)

    def delete(self, key):
        try:
            self.client.delete_object(Bucket=self.bucket, Key=self._key(key))
        except ValueError:
            pass

    def size(self, key):
        from botocore.exceptions import ClientError
        try:
            return self.client.head_object(Bucket=self.bucket, Key=self._key(key))["ContentLength"]
        except ClientError as e:
            if e.response.get("Error", {}).get("Code") in ("404", "NoSuchKey", "NotFound"):
                return None
            raise
        except ValueError:
            return None

    def names(self, kind):
        prefix = f"{self.prefix}/{kind}/" if self.prefix else f"{kind}/"
        out = []
        for page in self.client.get_paginator("list_objects_v2").paginate(Bucket=self.bucket, Prefix=prefix):
            out += [o["Key"][len(prefix):] for o in page.get("Contents", []) if "/" not in o["Key"][len(prefix):]]
        return sorted(out)

    def open(self, key):
        return self.client.get_object(Bucket=self.bucket, Key=self._key(key))["Body"]

    def local_path(self, key):
        return None

    def sha256(self, key):
        """The digest kept with the object when it was written with one, else read through."""
        head = self.client.head_object(Bucket=self.bucket, Key=self._key(key))
        known = head.get("Metadata", {}).get("sha256")
        if known:
            return known
        with self.open(key) as fh:
            return _digest(fh)

    def download_url(self, key, filename, mimetype, seconds=None):
        """A presigned GET that answers as an attachment of the stored type, valid for `seconds`."""
        from .storage import content_disposition
        return self.client.generate_presigned_url(
            "get_object", ExpiresIn=seconds or self.presign_seconds,
            Params={"Bucket": self.bucket, "Key": self._key(key), "ResponseContentType": mimetype,
                    "ResponseContentDisposition": content_disposition(filename)})


def _digest(fh):
    h = hashlib.sha256()
    for chunk in iter(lambda: fh.read(1024 * 1024), b""):
        h.update(chunk)
    return h.hexdigest()


def from_url(url, config):
    """The backend a STORAGE_URL names: '' or file:///path (a folder), s3://bucket[/prefix]."""
    if not url:
        return LocalBackend()
    parts = urlsplit(url)
    if parts.scheme == "file":
        return LocalBackend(parts.path)
    if parts.scheme == "s3" and parts.netloc:
        return S3Backend(parts.netloc, parts.path, endpoint_url=config.get("S3_ENDPOINT_URL"),
                         region=config.get("S3_REGION"), presign_seconds=config.get("STORAGE_PRESIGN_SECONDS", 60))
    raise ValueError(f"STORAGE_URL must be file:///folder or s3://bucket[/prefix], not {url!r}")


def backend():
    """This app's backend (made once per app: a boto3 client is thread-safe and keeps its connections)."""
    ext = current_app.extensions
    if "objectstore" not in ext:
        ext["objectstore"] = from_url(current_app.config.get("STORAGE_URL"), current_app.config)
    return ext["objectstore"]


# --- moving an installation's files to another store (flask storage-migrate) -------------------------------------

KINDS = ("files", "logos", "avatars", "thumbs", "texts")  # as storage.KINDS


def migrate(src, dst, report=print):
    """Copy every stored object from `src` to `dst`, verified and resumable: an object already in `dst` with the
    same size and sha256 is skipped, a copied one is read back and compared; staged (uncommitted) ones are left.
    `report(line)` hears the progress. Returns {copied, skipped, failed, bytes}."""
    keys = [f"{kind}/{name}" for kind in KINDS for name in src.names(kind) if not name.endswith(".part")]
    done = {"copied": 0, "skipped": 0, "failed": [], "bytes": 0}
    for n, key in enumerate(keys, 1):
        size, digest = src.size(key), src.sha256(key)
        if dst.size(key) == size and dst.sha256(key) == digest:
            done["skipped"] += 1
            report(f"[{n}/{len(keys)}] {key} already there ({size} bytes)")
            continue
        with src.open(key) as fh:
            dst.write(key, fh, sha256=digest)
        if dst.size(key) != size or _read_digest(dst, key) != digest:
            done["failed"].append(key)
            report(f"[{n}/{len(keys)}] {key} FAILED verification")
            continue
        done["copied"] += 1
        done["bytes"] += size
        report(f"[{n}/{len(keys)}] {key} copied ({size} bytes, sha256 {digest[:12]}…)")
    return done


def _read_digest(store, key):
    """The digest of the bytes as they read back (not what the store says of them)."""
    with store.open(key) as fh:
        return _digest(fh)
