# shellcheck shell=bash
# The host's apt sources, read once for everyone: the Debian mirror the
# root filesystem is bootstrapped from, and the deb-src lines the QEMU
# plugin header is fetched with. Sourced after lib/common.sh.

# host_apt_entries: one "URI SUITE COMPONENT..." line per "deb" source of
# the host (deb822 .sources stanzas, then one-line .list entries).
host_apt_entries() {
	local f
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] || continue
		awk 'BEGIN { RS = ""; FS = "\n" }
			{
				u = ""; s = ""; c = ""; deb = 0
				for (i = 1; i <= NF; i++) {
					if ($i ~ /^URIs:/) { split($i, a, /[ \t]+/); u = a[2] }
					if ($i ~ /^Suites:/) s = $i
					if ($i ~ /^Components:/) { c = $i; sub(/^Components:[ \t]*/, "", c) }
					if ($i ~ /^Types:/ && $i ~ /[ \t]deb([ \t]|$)/) deb = 1
				}
				if (!deb || u == "") next
				n = split(s, w, /[ \t]+/)
				for (j = 2; j <= n; j++) print u, w[j], c
			}' "$f"
	done
	for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
		[ -f "$f" ] || continue
		awk '$1 == "deb" {
				i = 2; if ($i ~ /^\[/) while ($i !~ /\]$/) i++
				if ($i ~ /^\[/ || $i ~ /\]$/) i++
				line = $i " " $(i + 1)
				for (j = i + 2; j <= NF; j++) line = line " " $j
				print line
			}' "$f"
	done
}

# host_mirror SUITE: the URI of the host's first source for SUITE.
host_mirror() {
	host_apt_entries | awk -v suite="$1" '$2 == suite { print $1; found = 1; exit } END { exit !found }'
}

# host_deb_src CODENAME: deb-src lines for the host's sources of CODENAME
# and its -updates and -security suites.
host_deb_src() {
	host_apt_entries | awk -v c="$1" '$2 == c || $2 == c "-updates" || $2 == c "-security" {
		line = "deb-src " $1 " " $2
		for (j = 3; j <= NF; j++) line = line " " $j
		if (!seen[line]++) print line
	}'
}

# private_apt DIR SUITE: sets APT and APT_CACHE, apt-get and apt-cache
# commands that see only SUITE (deb and deb-src, main) of the host's Debian
# mirror (SLUBBENCH_MIRROR, as for the guest, where set), with their lists
# and downloads under DIR: nothing of the host's apt state is read or
# changed, and nothing is installed. Fails with one line when the host's
# apt sources name no bookworm mirror.
# shellcheck disable=SC2034 # APT, APT_CACHE: the caller's
private_apt() {
	local dir=$1 suite=$2 mirror=${SLUBBENCH_MIRROR:-}
	[ -n "$mirror" ] || mirror=$(host_mirror bookworm) ||
		die "no Debian mirror for bookworm in the host's apt sources: cannot reach $suite (set SLUBBENCH_MIRROR=<mirror URL>)"
	mkdir -p "$dir/lists/partial" "$dir/cache/archives/partial"
	printf 'deb %s %s main\ndeb-src %s %s main\n' "$mirror" "$suite" "$mirror" "$suite" >"$dir/sources.list"
	APT=(apt-get -q -o "Dir::Etc::SourceList=$dir/sources.list" -o Dir::Etc::SourceParts=/dev/null
		-o "Dir::State::Lists=$dir/lists" -o "Dir::Cache=$dir/cache" -o APT::Sandbox::User=root)
	APT_CACHE=(apt-cache -o "Dir::Etc::SourceList=$dir/sources.list" -o Dir::Etc::SourceParts=/dev/null
		-o "Dir::State::Lists=$dir/lists" -o "Dir::Cache=$dir/cache")
}
