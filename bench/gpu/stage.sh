# Sourced by bench/gpu/run.sh: `stage`, what travels to a GPU machine beside the tree
# (bench/gpu/stage/, carried), and its unpacking there.

# The Debian 12 packages a bare GPU machine lacks for the build: header-only nlohmann-json (with
# its CMake config) and SentencePiece's library and header (Debian 12's bundles its protobuf).
STAGE_PACKAGES=(nlohmann-json3-dev libsentencepiece0 libsentencepiece-dev)

# What of diffusers travels: src/diffusers with the CogVideoX and Wan pipelines only (its imports are
# lazy; the other 74 pipeline folders are 11 of its 20 MB), xz-compressed: 0.7 MB instead of the
# 3.8 MB .tgz. The device takes 64 MiB of tree in all, and the fixtures alone are ~55.
STAGE_PIPELINES="cogvideo wan"
repack_slim() { # SOURCE.tgz TARGET.tar.xz [trim]
  local tmp; tmp=$(mktemp -d)
  tar -xzf "$1" -C "$tmp"
  if [ "${3:-}" = trim ]; then
    local d
    for d in "$tmp"/src/diffusers/pipelines/*/; do
      case " $STAGE_PIPELINES " in *" $(basename "$d") "*) ;; *) rm -rf "$d" ;; esac
    done
  fi
  (cd "$tmp" && tar -cf - . | xz -9 > "$2.part") && mv "$2.part" "$2"
  rm -rf "$tmp"
}

step_stage() {
  local shared=${FRAMESMITH_SHARED:-$ROOT/../shared}
  [ -f "$shared/reference/diffusers-0.36.0-src.tgz" ] || die "no $shared/reference/diffusers-0.36.0-src.tgz (set FRAMESMITH_SHARED)"
  need xz
  mkdir -p "$STAGE/reference" "$STAGE/debs"
  rm -f "$STAGE/reference"/*.tgz # the whole sources, as earlier stages carried them
  [ -s "$STAGE/reference/diffusers-0.36.0-slim.tar.xz" ] ||
    repack_slim "$shared/reference/diffusers-0.36.0-src.tgz" "$STAGE/reference/diffusers-0.36.0-slim.tar.xz" trim
  [ -s "$STAGE/reference/huggingface_hub-0.36.2-src.tar.xz" ] ||
    repack_slim "$shared/reference/huggingface_hub-0.36.2-src.tgz" "$STAGE/reference/huggingface_hub-0.36.2-src.tar.xz"
  rm -rf "$STAGE/reference/cpu" && cp -r "$shared/reference/cpu" "$STAGE/reference/cpu"
  chmod -R u+w "$STAGE/reference" # the shared copies are read-only; a later stage replaces them
  if [ -z "$(ls "$STAGE/debs"/*.deb 2> /dev/null)" ] || [ -n "${FRAMESMITH_RESTAGE:-}" ]; then
    rm -f "$STAGE/debs"/*.deb
    (cd "$STAGE/debs" && apt-get download -o APT::Sandbox::User=root "${STAGE_PACKAGES[@]}" > /dev/null) || die "apt-get download ${STAGE_PACKAGES[*]} failed"
  fi
  touch "$STAGE/debs"
  echo "staged $(du -sb "$STAGE" | awk '{printf "%.1f MiB", $1 / 1048576}') in $STAGE ($(ls "$STAGE/debs" | tr '\n' ' ')): carry bench/gpu/stage"
}

# A staged .tar.xz unpacked by Python's tarfile: a bare GPU image may have no xz.
unpack_xz() { python3 -c 'import sys, tarfile; tarfile.open(sys.argv[1], "r:xz").extractall(sys.argv[2])' "$1" "$2"; }

# The staged sources, unpacked into $WORK/reference once (they travel as .tar.xz files).
unpack_reference() {
  [ -f "$STAGE/reference/diffusers-0.36.0-slim.tar.xz" ] || { echo "no staged diffusers sources: run '$0 stage'"; return 0; }
  if [ ! -d "$REFERENCE/diffusers/src" ]; then
    mkdir -p "$REFERENCE/diffusers" "$REFERENCE/hub"
    unpack_xz "$STAGE/reference/diffusers-0.36.0-slim.tar.xz" "$REFERENCE/diffusers"
    unpack_xz "$STAGE/reference/huggingface_hub-0.36.2-src.tar.xz" "$REFERENCE/hub"
    rm -rf "$REFERENCE/cpu" && cp -r "$STAGE/reference/cpu" "$REFERENCE/cpu" && chmod -R u+w "$REFERENCE/cpu"
  fi
  echo "diffusers sources in $REFERENCE"
}
