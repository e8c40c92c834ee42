# Sourced by the container scripts: sets the array `engine` to the container command to use.
# CONTAINER_ENGINE (podman or docker) chooses; otherwise podman when it is installed, else docker
# when its daemon answers. Stops the calling script with a message when neither can run.
if [ -n "${CONTAINER_ENGINE:-}" ]; then
  engine=("$CONTAINER_ENGINE")
elif command -v podman >/dev/null; then
  engine=(podman)
elif command -v docker >/dev/null && docker info >/dev/null 2>&1; then
  engine=(docker)
else
  echo "error: no container engine: install podman (apt-get install podman) or start docker," \
    "or set CONTAINER_ENGINE" >&2
  exit 1
fi
