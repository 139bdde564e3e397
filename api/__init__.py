"""The portal API: `create_app()` builds the Flask application."""
from .app import create_app

__all__ = ["create_app"]
