#!/usr/bin/env bash
# The container image, checked without a registry or a Docker daemon (issue 47): the Dockerfile's base image
# cannot be pulled here, so this assembles the same runtime FROM scratch with buildah (the built product, its
# runtime packages, the Node.js binary of the `node` npm package and the libraries it links), then with
# podman: runs it on a volume, waits for /readyz, runs the image's HEALTHCHECK, writes through the API (an
# application, approved; the new ambassador's weekly report), stops it with SIGTERM (exit 0 within the grace
# period), starts a new container on the same volume and finds the write (the super admin finds the report in
# the admin desk).
#
#   bash scripts/image-check.sh            # builds the product first (npm run build)
#   IMAGE_CHECK_SKIP_BUILD=1 bash scripts/image-check.sh
#
# Needs podman, buildah and runc (Debian packages) and root. Cleans up what it made.
set -euo pipefail
cd "$(dirname "$0")/.."

# --- The runtime stage of the Dockerfile, as this script assembles it. test/deploy/dockerfile.test.ts holds
# --- each of these equal to the Dockerfile's, so the image checked here is the image the Dockerfile builds.
IMAGE_USER='1000:1000'
IMAGE_WORKDIR='/app'
IMAGE_ENTRYPOINT='["node","dist/server/main.js"]'
IMAGE_HEALTHCHECK='["node","-e","fetch(`http://127.0.0.1:${process.env.PORT || 5000}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]'
IMAGE_HEALTHCHECK_OPTIONS='--interval=10s --timeout=3s --start-period=60s --retries=3'
IMAGE_VOLUME='/data'
IMAGE_EXPOSE='5000'
IMAGE_STOPSIGNAL='SIGTERM'
IMAGE_ENV=('NODE_ENV=production' 'PORT=5000' 'HOST=0.0.0.0' 'DATA_DIR=/data')
# What the runtime stage copies from the build and deps stages, under IMAGE_WORKDIR.
IMAGE_COPIES=('node_modules' 'package.json' 'dist' 'drizzle' 'src/locales')
# The official image's Node.js is /usr/local/bin/node, on its PATH.
IMAGE_PATH='/usr/local/bin:/usr/bin:/bin'

GRACE_SECONDS=30
ADMIN_EMAIL='image-check-admin@example.com'
ADMIN_PASSWORD='image-check-password-1'
ADMIN_SECRET='image-check-super-secret'
AMBASSADOR_PASSWORD='Image-Check-Ambassador-2026!'
REPORT_TEXT='Image check: posted 5 threads on X about the farm game (12k views) and hosted a Telegram AMA with 300 attendees.'
PORT_FOR_CHECK="${IMAGE_CHECK_PORT:-5391}"
BASE="http://127.0.0.1:${PORT_FOR_CHECK}"
TAG="localhost/ambassador-programme:image-check-$$"
VOLUME_NAME="ambassador-image-check-$$"
STAGE="$(mktemp -d /tmp/ambassador-image-XXXXXX)"
CONTAINERS=()
BUILDER=''
# vfs works where overlay mounts are not allowed (a container inside a container).
# runc: crun refuses a host whose cgroups are in hybrid mode (v1 controllers beside the unified tree).
PODMAN=(podman --storage-driver vfs --cgroup-manager cgroupfs --runtime runc)
BUILDAH=(buildah --storage-driver vfs)
# HEALTHCHECK is part of Docker's image format (OCI's has none).
export BUILDAH_FORMAT=docker

started=$(date +%s)
say() { printf '== image-check (%ss): %s\n' "$(($(date +%s) - started))" "$*"; }
fail() {
  printf '== image-check FAILED: %s\n' "$*" >&2
  for c in "${CONTAINERS[@]}"; do "${PODMAN[@]}" logs "$c" 2>&1 | tail -n 40 >&2 || true; done
  exit 1
}
cleanup() {
  for c in "${CONTAINERS[@]}"; do "${PODMAN[@]}" rm -f -t 0 "$c" >/dev/null 2>&1 || true; done
  "${PODMAN[@]}" volume rm -f "$VOLUME_NAME" >/dev/null 2>&1 || true
  [ -n "$BUILDER" ] && "${BUILDAH[@]}" rm "$BUILDER" >/dev/null 2>&1 || true
  "${PODMAN[@]}" rmi -f "$TAG" >/dev/null 2>&1 || true
  rm -rf "$STAGE"
}
trap cleanup EXIT

for tool in podman buildah runc ldd curl; do
  command -v "$tool" >/dev/null 2>&1 || fail "$tool is missing (apt-get install -y podman buildah runc)"
done

if [ -z "${IMAGE_CHECK_SKIP_BUILD:-}" ]; then
  say 'npm run build'
  npm run build >/dev/null
fi
[ -f dist/server/main.js ] || fail 'dist/server/main.js is missing: run npm run build'

# --- The root file system: what the runtime stage holds, from this checkout and the `node` package.
ROOT="$STAGE/rootfs"
APP="$ROOT$IMAGE_WORKDIR"
mkdir -p "$APP" "$ROOT/usr/local/bin" "$ROOT/etc" "$ROOT/tmp" "$ROOT$IMAGE_VOLUME"
chmod 1777 "$ROOT/tmp"

say 'runtime packages (npm ci --omit=dev --ignore-scripts, as the deps stage)'
cp package.json package-lock.json "$STAGE/"
(cd "$STAGE" && npm ci --omit=dev --ignore-scripts --no-audit --no-fund --prefer-offline --loglevel=error >/dev/null 2>&1) || fail 'npm ci of the runtime packages failed'
for item in "${IMAGE_COPIES[@]}"; do
  source_dir=.
  [ "$item" = node_modules ] && source_dir="$STAGE"
  mkdir -p "$(dirname "$APP/$item")"
  cp -a "$source_dir/$item" "$APP/$item"
done

NODE_BINARY="$(readlink -f node_modules/node/bin/node)"
[ -x "$NODE_BINARY" ] || fail "no Node.js binary in node_modules/node (npm ci installs it)"
cp "$NODE_BINARY" "$ROOT/usr/local/bin/node"
# The shared libraries Node.js and the native addons link (glibc, libstdc++), at the paths they are looked up by.
{
  ldd "$NODE_BINARY"
  find "$APP/node_modules" -name '*.node' -exec ldd {} \; 2>/dev/null
} | grep -oE '/[^ ]+\.so[^ ]*' | sort -u | while read -r lib; do
  mkdir -p "$ROOT$(dirname "$lib")"
  cp -L "$lib" "$ROOT$lib"
done
# The image's user, as the official image has it (uid and gid 1000), owning the data volume.
printf 'root:x:0:0:root:/root:/sbin/nologin\nnode:x:1000:1000::/home/node:/sbin/nologin\n' >"$ROOT/etc/passwd"
printf 'root:x:0:\nnode:x:1000:\n' >"$ROOT/etc/group"
printf '127.0.0.1 localhost\n::1 localhost\n' >"$ROOT/etc/hosts"
chown "${IMAGE_USER}" "$ROOT$IMAGE_VOLUME"
chmod 0700 "$ROOT$IMAGE_VOLUME"

say 'buildah: FROM scratch, the runtime stage'
BUILDER=$("${BUILDAH[@]}" from scratch)
# Everything root's, as COPY makes it, but the data directory: the node user's (the Dockerfile's chown).
mv "$ROOT$IMAGE_VOLUME" "$STAGE/data"
"${BUILDAH[@]}" copy --quiet "$BUILDER" "$ROOT/" / >/dev/null
"${BUILDAH[@]}" copy --quiet --chown "$IMAGE_USER" "$BUILDER" "$STAGE/data" "$IMAGE_VOLUME" >/dev/null
env_args=()
for e in "${IMAGE_ENV[@]}"; do env_args+=(--env "$e"); done
# buildah reads `CMD ...` as shell words, not JSON: each argument of the exec form single-quoted.
health_words="CMD$(printf '%s' "$IMAGE_HEALTHCHECK" | node -e 'for (const a of JSON.parse(require("fs").readFileSync(0, "utf8"))) { if (a.includes("\x27")) process.exit(1); process.stdout.write(` \x27${a}\x27`) }')" ||
  fail 'a HEALTHCHECK argument holds a single quote'
read -r -a health_options <<<"$IMAGE_HEALTHCHECK_OPTIONS"
health_args=()
for option in "${health_options[@]}"; do
  name="${option%%=*}"
  health_args+=("--healthcheck-${name#--}" "${option#*=}")
done
"${BUILDAH[@]}" config \
  --env "PATH=$IMAGE_PATH" "${env_args[@]}" \
  --workingdir "$IMAGE_WORKDIR" \
  --user "$IMAGE_USER" \
  --volume "$IMAGE_VOLUME" \
  --port "$IMAGE_EXPOSE" \
  --stop-signal "$IMAGE_STOPSIGNAL" \
  --entrypoint "$IMAGE_ENTRYPOINT" \
  --cmd '' \
  --healthcheck "$health_words" "${health_args[@]}" \
  "$BUILDER"
"${BUILDAH[@]}" commit --quiet --format docker "$BUILDER" "$TAG" >/dev/null
say "image $TAG: $("${PODMAN[@]}" image inspect "$TAG" --format '{{.Size}}') bytes"

run_container() {
  local name="$1"
  # Limits no higher than the host's (a container in a container may not raise them, and podman's defaults
  # would); --health-interval disable: no systemd timer here, the health check is run by hand below.
  "${PODMAN[@]}" run -d --name "$name" --network host --stop-timeout "$GRACE_SECONDS" \
    --ulimit nofile=4096:4096 --ulimit nproc=4096:4096 --health-interval disable \
    -v "$VOLUME_NAME:$IMAGE_VOLUME" \
    -e HOST=127.0.0.1 -e PORT="$PORT_FOR_CHECK" -e APP_URL="$BASE" \
    -e SESSION_SECRET="image-check-session-secret-0123456789abcdef" -e EMAIL_TO_LOG=true \
    -e SUPER_ADMIN_EMAIL="$ADMIN_EMAIL" -e SUPER_ADMIN_PASSWORD="$ADMIN_PASSWORD" -e SUPER_ADMIN_SECRET="$ADMIN_SECRET" -e ADMIN_MFA=optional \
    "$TAG" >/dev/null
  CONTAINERS+=("$name")
  for _ in $(seq 1 1200); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' "$BASE/readyz" || true)" = 200 ] && return 0
    [ "$("${PODMAN[@]}" inspect "$name" --format '{{.State.Running}}')" = true ] || fail "$name exited before it was ready"
    sleep 0.1
  done
  fail "$name was not ready"
}

apply() {
  curl -s -o /dev/null -w '%{http_code}' -X POST "$BASE/api/applications" \
    -H 'content-type: application/json' -H "origin: $BASE" --data "$1"
}

# The super admin's session cookie: signs in (the cookie is Secure in production, so it is sent by hand over
# plain HTTP on loopback).
admin_cookie() {
  local cookie
  cookie=$(curl -s -D - -o /dev/null -X POST "$BASE/api/super-admin-login" -H 'content-type: application/json' -H "origin: $BASE" \
    --data "{\"email\":\"$ADMIN_EMAIL\",\"password\":\"$ADMIN_PASSWORD\",\"superAdminSecret\":\"$ADMIN_SECRET\"}" |
    grep -ioE '^set-cookie: sid=[^;]+' | head -n1 | cut -d' ' -f2)
  [ -n "$cookie" ] || fail 'the super admin could not sign in'
  printf '%s' "$cookie"
}

# What a JSON answer holds at a path (`.0.id`), read by the checkout's Node.js.
json_at() {
  node -e 'let v = JSON.parse(require("fs").readFileSync(0, "utf8")); for (const k of process.argv[1].split(".").filter(Boolean)) v = v?.[k]; process.stdout.write(String(v ?? ""))' "$1"
}

# The applicant becomes an ambassador and sends a weekly report, all through the API: the super admin approves
# the application, the setup link is read from the container's log (EMAIL_TO_LOG), the password set, and the
# ambassador signs in and reports.
write_report() {
  local container="$1" admin id status token cookie week_start week_end
  admin=$(admin_cookie)
  id=$(curl -s "$BASE/api/admin/applications?status=all&search=image-check%40example.com" -H "cookie: $admin" | json_at .0.id)
  [ -n "$id" ] || fail 'the application is not in the admin desk'
  status=$(curl -s -o /dev/null -w '%{http_code}' -X POST "$BASE/api/admin/applications/$id/approve" -H "cookie: $admin" -H "origin: $BASE")
  [ "$status" = 200 ] || fail "approving the application was answered $status, not 200"
  token=''
  for _ in $(seq 1 300); do
    token=$("${PODMAN[@]}" logs "$container" 2>&1 | grep -oE '/setup-password/[A-Za-z0-9_-]+' | tail -n1 | cut -d/ -f3 || true)
    [ -n "$token" ] && break
    sleep 0.1
  done
  [ -n "$token" ] || fail 'no setup link in the container log after the approval'
  status=$(curl -s -o /dev/null -w '%{http_code}' -X POST "$BASE/api/setup-password/$token" -H 'content-type: application/json' -H "origin: $BASE" \
    --data "{\"password\":\"$AMBASSADOR_PASSWORD\"}")
  [ "$status" = 200 ] || fail "setting the password was answered $status, not 200"
  cookie=$(curl -s -D - -o /dev/null -X POST "$BASE/api/login" -H 'content-type: application/json' -H "origin: $BASE" \
    --data "{\"email\":\"image-check@example.com\",\"password\":\"$AMBASSADOR_PASSWORD\"}" |
    grep -ioE '^set-cookie: sid=[^;]+' | head -n1 | cut -d' ' -f2)
  [ -n "$cookie" ] || fail 'the ambassador could not sign in'
  week_start=$(date -u -d '7 days ago' +%F)
  week_end=$(date -u -d '1 day ago' +%F)
  status=$(curl -s -o /dev/null -w '%{http_code}' -X POST "$BASE/api/reports" -H 'content-type: application/json' -H "origin: $BASE" -H "cookie: $cookie" \
    --data "{\"weekStartDate\":\"$week_start\",\"weekEndDate\":\"$week_end\",\"activityReport\":\"$REPORT_TEXT\"}")
  [ "$status" = 201 ] || fail "the report was answered $status, not 201"
}

# Whether the super admin finds the ambassador's report in the admin desk.
report_kept() {
  curl -s "$BASE/api/admin/reports?search=image-check%40example.com" -H "cookie: $(admin_cookie)" | grep -qF "$REPORT_TEXT"
}

stop_container() {
  local name="$1" before exit_code
  before=$(date +%s)
  "${PODMAN[@]}" stop -t "$GRACE_SECONDS" "$name" >/dev/null
  exit_code=$("${PODMAN[@]}" inspect "$name" --format '{{.State.ExitCode}}')
  [ "$exit_code" = 0 ] || fail "$name exited $exit_code on SIGTERM (137: killed after the ${GRACE_SECONDS}s grace period)"
  say "$name stopped by SIGTERM: exit 0 after $(($(date +%s) - before))s (grace ${GRACE_SECONDS}s)"
}

APPLICATION='{"fullName":"Image Check","email":"image-check@example.com","country":"Kenya","personalTelegramHandle":"@image_check","socialMediaPlatforms":["twitter"],"twitterHandle":"https://x.com/imagecheck","instagramHandle":"","telegramHandle":"","facebookHandle":"","youtubeHandle":"","totalFollowers":1500,"whyJoin":"I have followed the project since launch and want to bring my football community on chain.","experience":"I moderate two Telegram groups of 5,000 members and have written threads about web3 gaming."}'

say 'first start on a new volume'
"${PODMAN[@]}" volume create "$VOLUME_NAME" >/dev/null
run_container amb-image-check-1-$$
# The image's own HEALTHCHECK, as its configuration carries it, run in the container (podman's
# `healthcheck run` needs systemd's timers, which a container here does not have).
health_test=$("${PODMAN[@]}" image inspect "$TAG" --format '{{json .Config.Healthcheck.Test}}')
[ "$(printf '%s' "$health_test" | node -e 'const t = JSON.parse(require("fs").readFileSync(0, "utf8")); process.stdout.write(t[0])')" = CMD ] ||
  fail "the image carries no exec-form HEALTHCHECK: $health_test"
mapfile -t health_argv < <(printf '%s' "$health_test" | node -e 'for (const a of JSON.parse(require("fs").readFileSync(0, "utf8")).slice(1)) console.log(a)')
"${PODMAN[@]}" exec amb-image-check-1-$$ "${health_argv[@]}" || fail "the image's HEALTHCHECK (${health_test}) failed on a ready server"
say "the image's HEALTHCHECK passes"
status=$(apply "$APPLICATION")
[ "$status" = 201 ] || fail "the application was answered $status, not 201"
write_report amb-image-check-1-$$
report_kept || fail 'the admin desk does not list the report just written'
say 'an application approved and a weekly report written through the API (201), listed in the admin desk'
stop_container amb-image-check-1-$$

say 'second start on the same volume'
run_container amb-image-check-2-$$
report_kept || fail 'the report written before the restart is gone: the volume did not keep it'
say 'the report written before the restart is still there'
stop_container amb-image-check-2-$$

say "passed in $(($(date +%s) - started))s"
