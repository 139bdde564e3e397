"""The key that signs sessions, forms, tickets and links: never a value written in the code.

SECRET_KEY from the environment wins; else the instance folder's `secret_key` file, which the first start of an
install (`make run`'s migrate step) creates with a random value, mode 0600, and every later start reuses. A key
that is short or one of the well-known development values is refused: the app does not start with it. Several
hosts behind one proxy share one SECRET_KEY (docs/scaling.md), since each host's instance folder is its own.
"""
import os
import secrets

MIN_LENGTH = 32
# Values printed in earlier versions, in docs and in tutorials: anyone can sign with them.
KNOWN = {"dev-secret-change-me-in-production-0123456789", "change-me", "changeme", "secret", "dev", "development",
         "please-change-me", "super-secret", "your-secret-key", "replace-me-with-a-long-random-string"}


class WeakKey(RuntimeError):
    pass


def check(key, name="SECRET_KEY"):
    if key in KNOWN or (key or "").strip().lower() in KNOWN:
        raise WeakKey(f"{name} is a well-known value: set it to a long random string "
                        "(python3 -c 'import secrets; print(secrets.token_urlsafe(48))')")
    if len(key or "") < MIN_LENGTH:
        raise WeakKey(f"{name} is shorter than {MIN_LENGTH} characters: set it to a long random string")
    return key


def from_instance(instance_dir):
    """The instance folder's key, made once (random, 0600) when there is none. Several workers may start at once:
    the key is written to a file of its own and linked into place, so each reads the one that won."""
    path = os.path.join(instance_dir, "secret_key")
    if not os.path.exists(path):
        os.makedirs(instance_dir, exist_ok=True)
        tmp = f"{path}.{os.getpid()}.{secrets.token_hex(4)}"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(secrets.token_urlsafe(48) + "\n")
        try:
            os.link(tmp, path)
        except FileExistsError:
            pass
        finally:
            os.unlink(tmp)
    with open(path) as f:
        return f.read().strip()


def configure(app):
    """Fill SECRET_KEY (and JWT_SECRET_KEY after it) for an app; refuse a weak one. Tests get a random key."""
    cfg = app.config
    if not cfg.get("SECRET_KEY"):
        cfg["SECRET_KEY"] = (secrets.token_urlsafe(48) if cfg.get("TESTING")
                             else from_instance(cfg.get("INSTANCE_DIR") or app.instance_path))
    if not cfg.get("JWT_SECRET_KEY"):
        cfg["JWT_SECRET_KEY"] = cfg["SECRET_KEY"]
    check(cfg["SECRET_KEY"])
    check(cfg["JWT_SECRET_KEY"], "JWT_SECRET_KEY")
