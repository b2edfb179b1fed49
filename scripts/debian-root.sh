#!/usr/bin/env bash
# Debian roots for the libtorch 2.6 / CUDA lanes and the package tests, kept outside the repository
# (default /var/tmp/framesmith-roots, or $FRAMESMITH_ROOTS). Needs root (debootstrap, mount, chroot).
#
#   debian-root.sh base RELEASE DIR
#       A pristine minbase root of RELEASE (bookworm, trixie) at DIR with main, contrib and
#       non-free. The first one of a release is made with debootstrap and saved as
#       $FRAMESMITH_ROOTS/RELEASE-base.tar, so later roots (clean roots for package tests) are
#       unpacked in seconds; debootstrap's .debs are cached in $FRAMESMITH_ROOTS/cache.
#       An existing DIR is reused as it is.
#   debian-root.sh run DIR [--bind HOST:INSIDE]... -- COMMAND...
#       Runs COMMAND in DIR as root with /proc, /sys, /dev and the binds mounted in a private
#       mount namespace: every mount goes away with the command, even when it fails or is killed.
set -euo pipefail

roots=${FRAMESMITH_ROOTS:-/var/tmp/framesmith-roots}
mirror=${FRAMESMITH_DEBIAN_MIRROR:-http://deb.debian.org/debian}

die() { echo "debian-root: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || die "needs root (debootstrap, mount and chroot)"

# Services never start inside the root; apt never asks anything.
seal() {
  local dir=$1
  printf '#!/bin/sh\nexit 101\n' > "$dir/usr/sbin/policy-rc.d"
  chmod 755 "$dir/usr/sbin/policy-rc.d"
  printf 'APT::Install-Recommends "false";\nAPT::Install-Suggests "false";\nAcquire::Retries "3";\n' \
    > "$dir/etc/apt/apt.conf.d/90framesmith"
  cp -L /etc/resolv.conf "$dir/etc/resolv.conf" 2>/dev/null || true
}

base() {
  local release=$1 dir=$2
  if [ -x "$dir/usr/bin/apt-get" ]; then
    echo "debian-root: reusing $release root $dir"
    return
  fi
  local tarball=$roots/$release-base.tar
  mkdir -p "$roots/cache" "$dir"
  if [ -f "$tarball" ]; then
    tar -C "$dir" -xf "$tarball"
    echo "debian-root: $release root $dir unpacked from $tarball"
    return
  fi
  command -v debootstrap >/dev/null || { apt-get update -qq && apt-get install -y -qq debootstrap; }
  debootstrap --variant=minbase --components=main,contrib,non-free,non-free-firmware \
    --cache-dir="$roots/cache" "$release" "$dir" "$mirror" > "$roots/$release-debootstrap.log" 2>&1 ||
    { tail -20 "$roots/$release-debootstrap.log" >&2; die "debootstrap $release failed (log: $roots/$release-debootstrap.log)"; }
  seal "$dir"
  rm -f "$dir"/var/cache/apt/archives/*.deb
  tar -C "$dir" -cf "$tarball.tmp" . && mv "$tarball.tmp" "$tarball"
  echo "debian-root: $release root $dir made with debootstrap (saved as $tarball)"
}

run() {
  local dir=$1; shift
  local binds=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do
    [ "$1" = "--bind" ] || die "run: expected --bind or --, got $1"
    binds+=("$2"); shift 2
  done
  [ "${1:-}" = "--" ] && shift
  [ $# -gt 0 ] || die "run: no command"
  [ -x "$dir/usr/bin/apt-get" ] || die "$dir is not a Debian root (make it with: debian-root.sh base RELEASE $dir)"
  local mounts="mount -t proc proc '$dir/proc' && mount --rbind /sys '$dir/sys' && mount --rbind /dev '$dir/dev'"
  mounts+=" && mount -t tmpfs -o size=4g tmpfs '$dir/tmp'"
  local b
  for b in "${binds[@]}"; do
    mkdir -p "$dir/${b#*:}"
    mounts+=" && mount --bind '${b%%:*}' '$dir/${b#*:}'"
  done
  unshare --mount --propagation private -- bash -c "$mounts && exec chroot '$dir' \"\$@\"" chroot \
    env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 \
    DEBIAN_FRONTEND=noninteractive CI="${CI:-}" "$@"
}

case "${1:-}" in
  base) [ $# -eq 3 ] || die "usage: debian-root.sh base RELEASE DIR"; base "$2" "$3" ;;
  run) shift; [ $# -ge 1 ] || die "usage: debian-root.sh run DIR [--bind HOST:INSIDE]... -- COMMAND..."; run "$@" ;;
  *) die "usage: debian-root.sh base RELEASE DIR | run DIR [--bind HOST:INSIDE]... -- COMMAND..." ;;
esac
