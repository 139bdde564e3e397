# nginx with the built bundle: stage one builds the webapp, stage two renders the one nginx template.
FROM node:20-bookworm-slim AS build
WORKDIR /webapp
COPY webapp/package.json webapp/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY webapp ./
RUN npm run build

# Debian's nginx with its nchan module (the live updates), as `make run` uses them.
FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends nginx libnginx-mod-nchan python3 \
    && rm -rf /var/lib/apt/lists/* && ln -sf /dev/stderr /var/log/nginx/error.log
COPY nginx /etc/portal/nginx
COPY scripts/render_nginx.py /etc/portal/scripts/render_nginx.py
COPY --from=build /webapp/dist /usr/share/portal/dist
ENV NGINX_RUN_DIR=/var/cache/nginx/portal NGINX_ACCESS_LOG=/dev/stdout NGINX_LISTEN=80 \
    NGINX_API_UPSTREAM=api:8000 NGINX_WEB_ROOT=/usr/share/portal/dist NGINX_CONF_DIR=/etc/portal/nginx \
    NGINX_UPLOAD_DIR=/data/uploads MAX_UPLOAD_MB=25 \
    NGINX_NCHAN_MODULE=/usr/lib/nginx/modules/ngx_nchan_module.so NGINX_PUBLISH_LISTEN=8081
# 8081: nchan's publisher, for the api and worker services only (not published by the compose file).
EXPOSE 80
CMD ["sh", "-c", "mkdir -p $NGINX_RUN_DIR && python3 /etc/portal/scripts/render_nginx.py /etc/nginx/portal.conf && exec nginx -c /etc/nginx/portal.conf -g 'daemon off;'"]
