#!/usr/bin/env bash
# Build slubbench kernel variants from Debian's linux-source-6.1.
#
# Usage: kernels/build.sh [--profile 2007|modern] [--variant NAME=PATCH[,PATCH...]]... [VARIANT...]
#        kernels/build.sh --list
#        kernels/build.sh --check-patches
#        kernels/build.sh --tools    (the kernel tree's slabinfo tool alone)
#
# Variants come from kernels/variants (default: all of them); --variant adds
# "stock + PATCH" under NAME (several patches: applied in the order given,
# as a bisect's step is). Each built variant lands, complete or not at
# all, in $SLUBBENCH_CACHE/kernels/<variant>-<profile>/: bzImage, vmlinux,
# System.map, config, build.log, objects.sha256, manifest.json.
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"

KDIR=$SLUBBENCH_TOP/kernels
# Bump when what build_variant makes changes (make flags, artefacts): a
# built variant whose inputs and recipe are unchanged is not rebuilt.
BUILD_RECIPE=3
PROFILES="2007 modern"
profile=2007
list=0
check_patches=0
tools_only=0
wanted=()
declare -A user_patch=()


split_opts "$@"
set -- "${ARGS[@]+"${ARGS[@]}"}"
while [ $# -gt 0 ]; do
	case "$1" in
	--profile) need_val "$@"; profile=$2; shift 2 ;;
	--tools) tools_only=1; shift ;;
	--variant) need_val "$@"; user_variant=$2; shift 2
		name=${user_variant%%=*} file=${user_variant#*=}
		if [ "$name" = "$user_variant" ] || [ -z "$name" ] || [ -z "$file" ]; then
			die "--variant takes NAME=PATCH, got '$user_variant'"
		fi
		user_patch[$name]=$file ;;
	--list) list=1; shift ;;
	--check-patches) check_patches=1; shift ;;
	-h | --help) usage_from_header "$0" ;;
	-*) die "unknown option '$1' (see kernels/build.sh --help)" ;;
	*) wanted+=("$1"); shift ;;
	esac
done

# ---- the variants table -------------------------------------------------
declare -A allocator=() patches=()
names=()
while read -r name alloc pl; do
	case "$name" in '' | '#'*) continue ;; esac
	names+=("$name")
	allocator[$name]=$alloc
	patches[$name]=
	[ "$pl" = - ] && continue
	for n in $pl; do
		f=$(compgen -G "$KDIR/patches/$n-*.patch" | head -n1) || true
		[ -n "$f" ] || die "kernels/variants: $name names patch $n, not in kernels/patches/"
		patches[$name]+="$f "
	done
done <"$KDIR/variants"

for name in "${!user_patch[@]}"; do
	file=${user_patch[$name]}
	[[ "$name" =~ ^[a-z0-9][a-z0-9_.-]*$ ]] ||
		die "--variant name '$name': use lower-case letters, digits, '.', '_' and '-'"
	[ -z "${allocator[$name]:-}" ] ||
		die "--variant name '$name' clashes with a built-in variant (${names[*]}): choose another name"
	names+=("$name")
	allocator[$name]=slub
	patches[$name]=${patches[stock]}
	IFS=, read -r -a files <<<"$file"
	for f in "${files[@]}"; do
		[ -f "$f" ] || die "--variant $name: patch file '$f' does not exist"
		patches[$name]+="$(realpath "$f") "
	done
	wanted+=("$name")
done

if [ "$list" -eq 1 ]; then
	printf '%-8s %-9s %-9s %s\n' variant allocator profiles patches
	for name in "${names[@]}"; do
		prof="$PROFILES"
		[ "${allocator[$name]}" = slab ] && prof="n/a"
		pl=
		for p in ${patches[$name]}; do pl+="$(basename "$p") "; done
		printf '%-8s %-9s %-9s %s\n' "$name" "${allocator[$name]}" "${prof// /,}" "${pl:--}"
	done
	exit 0
fi

case " $PROFILES " in
*" $profile "*) ;;
*) die "unknown profile '$profile': valid profiles are: $PROFILES" ;;
esac
[ ${#wanted[@]} -gt 0 ] || wanted=("${names[@]}")
for v in "${wanted[@]}"; do
	[ -n "${allocator[$v]:-}" ] || die "unknown variant '$v': valid variants are: ${names[*]} (or add one with --variant NAME=PATCH)"
done

# ---- the source tree ----------------------------------------------------
need_cmd make build-essential
need_cmd gcc build-essential
need_cmd flex flex
need_cmd bison bison
need_cmd bc bc
need_cmd patch patch
need_cmd readelf binutils
need_cmd jq jq
[ -e /usr/include/libelf.h ] || die "libelf headers are missing: install them with 'apt-get install -y libelf-dev' (or run ./run.sh deps)"
[ -e /usr/include/openssl/ssl.h ] || die "OpenSSL headers are missing: install them with 'apt-get install -y libssl-dev' (or run ./run.sh deps)"

KVER=$(ksrc_version)
TREE=$(ksrc_tree)

extract_tree() {
	[ -f "$TREE/.slubbench-extracted" ] && return 0
	need_space "$SLUBBENCH_CACHE/src" 1500
	say kernels "extracting $KSRC_TARBALL ($KSRC_PKG $KVER)"
	local tmp=$TREE.tmp
	rm -rf "$tmp" && mkdir -p "$tmp"
	tar -xJf "$KSRC_TARBALL" -C "$tmp" --strip-components=1 ||
		die "could not extract $KSRC_TARBALL (disk full?)"
	touch "$tmp/.slubbench-extracted"
	rm -rf "$TREE"
	mv "$tmp" "$TREE"
}

if [ "$check_patches" -eq 1 ]; then
	extract_tree
	for v in "${names[@]}"; do
		# shellcheck disable=SC2086
		"$KDIR/patch-tree.sh" --check "$TREE" ${patches[$v]}
		say kernels "$v: patches apply to the pristine tree"
	done
	exit 0
fi

# ---- one variant --------------------------------------------------------
# fragments VARIANT: the config fragments it is merged from, in order.
fragments() {
	local c=$KDIR/config
	if [ "${allocator[$1]}" = slab ]; then
		echo "$c/base.config $c/slab.config"
	else
		echo "$c/base.config $c/slub.config $c/profile-$profile.config"
	fi
}

# check_config CONFIG FRAGMENT...: every requested value survived olddefconfig.
check_config() {
	local cfg=$1 bad=()
	shift
	local line sym
	while IFS= read -r line; do
		case "$line" in
		CONFIG_*=*)
			grep -qxF -- "$line" "$cfg" || bad+=("$line (got: $(grep -E "^(# )?${line%%=*}[= ]" "$cfg" || echo unset))") ;;
		"# CONFIG_"*" is not set")
			sym=${line#\# }
			sym=${sym%% *}
			grep -q "^$sym=" "$cfg" && bad+=("$line (got: $(grep "^$sym=" "$cfg"))") ;;
		esac
	done < <(cat "$@")
	if [ ${#bad[@]} -gt 0 ]; then
		printf '    %s\n' "${bad[@]}" >&2
		die "requested options did not survive olddefconfig (dependencies missing from kernels/config/?)"
	fi
}

# profile_of VARIANT: the profile, or n/a where it does not apply (SLAB).
profile_of() {
	if [ "${allocator[$1]}" = slab ]; then echo n/a; else echo "$profile"; fi
}

# inputs_hash VARIANT: what the build depends on; equal hash, no rebuild.
inputs_hash() {
	local v=$1 f
	{
		echo "$KVER $(profile_of "$v") ${allocator[$v]}"
		gcc --version | head -n1
		for f in $(fragments "$v") ${patches[$v]}; do sha256 "$f"; done
		echo "recipe $BUILD_RECIPE"
	} | sha256sum | cut -d' ' -f1
}

# run_make and store_build: the make itself and the built variant's
# artefacts (kernels/buildlib.sh)
# shellcheck source=kernels/buildlib.sh
. "$KDIR/buildlib.sh"

build_variant() {
	local v=$1 t0 key obj out hash
	t0=$(date +%s)
	# One build directory per allocator: a profile switch rewrites .config
	# and Kbuild recompiles only what uses CONFIG_SLUB_CPU_PARTIAL (mm/),
	# where a directory per profile would compile everything again.
	key=${allocator[$v]}
	out=$(kernel_out "$v" "$profile")
	hash=$(inputs_hash "$v")
	if [ -f "$out/manifest.json" ] && [ "$(jq -r .inputs_sha256 "$out/manifest.json")" = "$hash" ]; then
		if kernel_intact "$out"; then
			say kernels "$(basename "$out"): up to date ($out)"
			return 0
		fi
		say kernels "$(basename "$out"): bzImage damaged (does not match its manifest): rebuilding"
	fi
	obj=$(build_dir "$key")
	need_space "$SLUBBENCH_CACHE" 3000
	mkdir -p "$obj" "$SLUBBENCH_CACHE/logs"
	local log
	log=$SLUBBENCH_CACHE/logs/build-$(basename "$out").log

	local n
	# shellcheck disable=SC2086
	n=$("$KDIR/patch-tree.sh" "$TREE" ${patches[$v]})
	say kernels "$(basename "$out"): tree set to $(wc -w <<<"${patches[$v]}") patch(es), $n file(s) changed"

	# shellcheck disable=SC2046
	(cd "$TREE" && scripts/kconfig/merge_config.sh -n -O "$obj" $(fragments "$v")) >"$log" 2>&1 ||
		{ tail -n 20 "$log" >&2; die "configuring $v failed; log: $log"; }
	# shellcheck disable=SC2046
	check_config "$obj/.config" $(fragments "$v")
	say kernels "$(basename "$out"): configured ($(grep -c '=y' "$obj/.config") options on), building in $obj"

	run_make "$obj" "$log" "$v" "$(basename "$out")"
	store_build "$v" "$obj" "$log" "$out" "$hash" "$t0"
	say kernels "$(basename "$out"): built in $(($(date +%s) - t0))s, $compiled objects compiled, build id ${buildid:0:12} -> $out"
}

# The kernel's own slabinfo tool, for the root filesystem (one per tree).
build_slabinfo() {
	local out
	out=$(slabinfo_tool)
	[ -x "$out" ] && return 0
	mkdir -p "$(dirname "$out")"
	gcc -O2 -Wall -static -o "$out.tmp" "$TREE/tools/vm/slabinfo.c" 2>"$SLUBBENCH_CACHE/logs/slabinfo.log" ||
		{ cat "$SLUBBENCH_CACHE/logs/slabinfo.log" >&2; die "building tools/vm/slabinfo failed"; }
	mv "$out.tmp" "$out"
	say kernels "tools/vm/slabinfo built -> $out"
}

main() {
	extract_tree
	mkdir -p "$SLUBBENCH_CACHE/logs"
	build_slabinfo
	[ "$tools_only" -eq 0 ] || return 0
	local v
	for v in "${wanted[@]}"; do
		build_variant "$v"
	done
}
with_lock kernels main
