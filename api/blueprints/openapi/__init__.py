"""/api/openapi.json: built from the url map and each endpoint's `doc()` with apispec's marshmallow plugin,"""
