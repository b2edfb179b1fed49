#!/usr/bin/env bash
# Installs a Framesmith .deb into a clean root of its Debian release the way a user would
# (apt-get install ./framesmith_*.deb, Recommends included), then, inside that root:
#   framesmith-cli make-demo-model + generate --out x.mp4 (checked to be an MP4 with frames),
#   the GUI started offscreen on the demo model for 5 s (it must still be running, not crashed).
# The root is unpacked fresh from the release's base tarball (scripts/debian-root.sh) and removed
# afterwards. Needs root.
#
# usage: scripts/test-deb.sh bookworm|trixie PATH/framesmith_*.deb
#
# trixie packages depend on libtorch-cuda-2.6 -> nvidia-cudnn, a downloader that needs NVIDIA's
# servers; this machine has none, so the clean root first gets the same nvidia-cudnn stand-in the
# CUDA lane uses (scripts/cudnn-stub.sh; a real user's apt downloads cuDNN instead).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
roots=${FRAMESMITH_ROOTS:-/var/tmp/framesmith-roots}
release=${1:?usage: test-deb.sh bookworm|trixie PATH/framesmith_*.deb}
deb=$(realpath "${2:?usage: test-deb.sh bookworm|trixie PATH/framesmith_*.deb}")
[ -f "$deb" ] || { echo "test-deb: no file $deb" >&2; exit 1; }
root=$roots/clean-$release-$$
trap 'rm -rf "$root"' EXIT

log() { echo "== test-deb [$release] $(date -u +%T) $*"; }
log "clean root $root for $(basename "$deb")"
bash "$here/debian-root.sh" base "$release" "$root" > /dev/null
mkdir -p "$root/var/cache/framesmith"
cp "$deb" "$root/var/cache/framesmith/"
if [ "$release" = trixie ]; then
  stub=$roots/trixie/var/cache/nvidia-cudnn-stub.deb
  [ -f "$stub" ] || { echo "test-deb: $stub missing: run scripts/debian13-root.sh cuda first" >&2; exit 1; }
  cp "$stub" "$root/var/cache/framesmith/"
fi

bash "$here/debian-root.sh" run "$root" -- bash -c '
set -euo pipefail
cd /var/cache/framesmith
apt-get update -qq
if [ -f nvidia-cudnn-stub.deb ]; then dpkg -i nvidia-cudnn-stub.deb > /dev/null; fi
deb=$(ls framesmith_*.deb)
apt-get install -y -qq --install-recommends -o Dpkg::Use-Pty=0 "./$deb" > apt.log 2>&1 || { tail -30 apt.log; exit 1; }
echo "installed $(dpkg-query -W -f="\${Package} \${Version}" framesmith); $(grep -c "^Unpacking" apt.log) packages unpacked"
dpkg-query -W -f="Depends: \${Depends}\nRecommends: \${Recommends}\n" framesmith

useradd -m artist
su artist -c "set -e; cd
  framesmith-cli make-demo-model demo > make-demo.log
  framesmith-cli generate --model demo --prompt \"a red fox in the snow\" --frames 9 --width 96 --height 64 \
    --steps 2 --seed 1 --out x.mp4 > generate.log 2>&1 || { cat generate.log; exit 1; }
  tail -3 generate.log"
size=$(stat -c %s /home/artist/x.mp4)
head -c 12 /home/artist/x.mp4 | grep -q ftyp || { echo "x.mp4 is not an MP4"; exit 1; }
echo "x.mp4: $size bytes"

set +e
su artist -c "cd; QT_QPA_PLATFORM=offscreen timeout 5 framesmith --model demo > gui.log 2>&1"
status=$?
set -e
if [ $status -ne 124 ]; then
  echo "the GUI exited with $status before 5 s:"; cat /home/artist/gui.log; exit 1
fi
echo "GUI ran 5 s offscreen (stopped by timeout); its log:"
head -20 /home/artist/gui.log
'
log "passed"
