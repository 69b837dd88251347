# shellcheck shell=bash
# The two halves of kernels/build.sh's build_variant, sourced by it (KDIR,
# allocator, patches, profile_of, and prepare_tree's TREE_NAME, SRC_PKG,
# KVER, TREE_GIT).
# Inputs: the caller's globals read here (t10's shellcheck sees them):
declare -g allocator patches

# run_make OBJ LOG VARIANT NAME: build bzImage in OBJ (its log LOG), or die
# naming VARIANT and the log.
run_make() {
	local obj=$1 log=$2 v=$3 name=$4
	# No ccache: Kbuild's own dependency tracking already rebuilds only what
	# changed in this directory, and an empty ccache made a cold build 9-30%
	# slower (fs/ext4, 37 objects: 33-37 s against 27-30 s with plain gcc).
	local jobs
	jobs=$(nproc)
	# A heartbeat line a minute while make runs in the foreground (so that
	# Ctrl-C reaches make); the heartbeat dies with this function. It must
	# not hold the lock's descriptor (9): its last sleep would keep the
	# next build waiting for up to a minute.
	(while sleep 60; do
		say kernels "$name: building, $(grep -c '^  CC ' "$log") objects compiled so far"
	done) 9>&- &
	HEARTBEAT=$!
	trap 'kill "$HEARTBEAT" 2>/dev/null' EXIT
	local rc=0
	# Reproducible: the same inputs give the same build id on any host and
	# whatever was built in this build directory before (KBUILD_BUILD_VERSION:
	# not the link count kept in .version).
	make -C "$obj" -j"$jobs" CC=gcc KBUILD_BUILD_TIMESTAMP=@0 KBUILD_BUILD_VERSION=1 \
		KBUILD_BUILD_USER=slubbench KBUILD_BUILD_HOST=slubbench \
		bzImage >>"$log" 2>&1 || rc=$?
	kill "$HEARTBEAT" 2>/dev/null || true
	trap - EXIT
	if [ "$rc" -ne 0 ]; then
		if grep -q 'No space left on device' "$log"; then
			die "disk full while building $v: free space under $SLUBBENCH_CACHE; log: $log"
		fi
		tail -n 30 "$log" >&2
		die "building $v failed; log: $log"
	fi

}

# collect_build OBJ LOG DIR: what the build in OBJ made (its log LOG) into
# DIR: the files of kernels/buildstore.sh's BUILDSTORE_FILES, and build.log
collect_build() {
	local obj=$1 log=$2 dir=$3
	cp "$obj/arch/x86/boot/bzImage" "$obj/vmlinux" "$obj/System.map" "$dir/"
	cp "$obj/.config" "$dir/config"
	cp "$obj/include/config/kernel.release" "$dir/kernel.release"
	cp "$log" "$dir/build.log"
	(cd "$obj" && find . -name '*.o' ! -name '.tmp_*' -print0 | sort -z | xargs -0 sha256sum) >"$dir/objects.sha256"
}

# store_build VARIANT DIR OUT HASH T0 OBJ REUSED: the artefacts in DIR
# (collect_build's, or the build store's) and their manifest into OUT,
# complete or not at all (HASH: the inputs' hash; T0: when the build
# started; OBJ: the build directory; REUSED: the build store's key when the
# artefacts are a stored build's, else ""). Sets compiled and buildid.
store_build() {
	local v=$1 tmp=$2 out=$3 hash=$4 t0=$5 obj=$6 reused=$7
	compiled=0
	[ -n "$reused" ] || compiled=$(grep -c '^  CC ' "$tmp/build.log" || true)
	buildid=$(readelf -n "$tmp/vmlinux" | sed -n 's/.*Build ID: *//p' | head -n1)
	local plist='[]' p
	for p in ${patches[$v]}; do
		plist=$(jq -c --arg f "$(basename "$p")" --arg s "$(sha256 "$p")" '. + [{file: $f, sha256: $s}]' <<<"$plist")
	done
	jq -n --arg variant "$v" --arg profile "$(profile_of "$v")" --arg allocator "${allocator[$v]}" \
		--arg pkg "$SRC_PKG" --arg pkgver "$KVER" --arg inputs "$hash" \
		--arg tree "$TREE_NAME" --arg tree_dir "$([ -n "$TREE_ID" ] && tree_dir "$TREE_NAME")" --arg git "$TREE_GIT" \
		--arg config_sha "$(sha256 "$tmp/config")" --arg buildid "$buildid" \
		--arg release "$(cat "$tmp/kernel.release")" --arg reused "$reused" \
		--arg gcc "$(gcc --version | head -n1)" --arg date "$(date -u +%FT%TZ)" \
		--argjson patches "$plist" --argjson compiled "$compiled" \
		--argjson seconds $((EPOCHSECONDS - t0)) --arg objdir "$obj" \
		--arg bz "$(sha256 "$tmp/bzImage")" --arg vml "$(sha256 "$tmp/vmlinux")" \
		'{variant: $variant, profile: $profile,
		  allocator: $allocator, tree: $tree, source_package: $pkg, source_version: $pkgver,
		  tree_dir: $tree_dir, tree_git: $git,
		  kernel_release: $release, build_id: $buildid, patches: $patches,
		  config_sha256: $config_sha, inputs_sha256: $inputs, compiler: $gcc,
		  bzimage_sha256: $bz, vmlinux_sha256: $vml,
		  built: $date, build_seconds: $seconds, objects_compiled: $compiled,
		  build_dir: $objdir, build_reused: $reused}' >"$tmp/manifest.json"
	rm -f "$tmp/kernel.release"
	rm -rf "$out"
	mv "$tmp" "$out"
}
