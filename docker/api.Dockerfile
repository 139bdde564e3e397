# The API: gunicorn serving api.wsgi:app with the same settings file as `make run`.
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 \
    INSTANCE_DIR=/data UPLOAD_DIR=/data/uploads GUNICORN_BIND=0.0.0.0:8000 \
    ACCEL_REDIRECT_PREFIX=/protected-files/ FORWARDED_ALLOW_IPS=*
WORKDIR /app
# pg_dump and psql for `flask --app api backup|restore` (bookworm's client matches the postgres:15 service).
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client && rm -rf /var/lib/apt/lists/*
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt
COPY api ./api
COPY migrations ./migrations
# The host/brand table: the brand and public URL of each mail (the nginx image serves the same file).
COPY nginx/hosts.json ./nginx/hosts.json
RUN useradd --system --uid 1000 portal && mkdir -p /data/uploads && chown -R portal /data
USER portal
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s CMD python -c "import urllib.request,sys; urllib.request.urlopen('http://127.0.0.1:8000/api/health', timeout=4)" || exit 1
# Migrate, then serve: the same two steps `make run` takes. The worker service runs the Huey consumer from this
# image instead (docker/compose.yml).
CMD ["sh", "-c", "flask --app api db upgrade && exec gunicorn -c api/gunicorn_conf.py api.wsgi:app"]
