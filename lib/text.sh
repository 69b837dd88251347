# shellcheck shell=bash
# Text for reports and terminals: sourced by lib/common.sh, never run.
# Filters of stdin to stdout, each the one owner of its rule.

# wrap: each line folded at 78 columns, its continuations indented (every long line
# of a report goes through here: report/text.sh, bisect/report.sh)
wrap() {
	awk '{ line = $0; first = 1
		while (length(line) > 78) {
			cut = 78; while (cut > 20 && substr(line, cut + 1, 1) != " ") cut--
			print substr(line, 1, cut); line = "    " substr(line, cut + 2); first = 0 }
		print line }'
}

# wrapln TEXT: TEXT's lines as wrap folds them, in this shell (no process:
# a report says hundreds of lines); bytes counted as wrap's awk counts them
wrapln() {
	local LC_ALL=C rest=$1 line cut
	while :; do
		line=${rest%%$'\n'*}
		while [ ${#line} -gt 78 ]; do
			cut=78
			while [ $cut -gt 20 ] && [ "${line:cut:1}" != " " ]; do cut=$((cut - 1)); done
			printf '%s\n' "${line:0:cut}"
			line="    ${line:cut+1}"
		done
		printf '%s\n' "$line"
		[[ "$rest" == *$'\n'* ]] || return 0
		rest=${rest#*$'\n'}
	done
}

# long_names WIDTH [AT]: a table's rows with a name wider than its column
# (the WIDTH characters from column AT, default 2: printf's %-WIDTHs, which
# pads and never cuts) put the name on a line of its own and blank its cell,
# so the row's other columns stay where the header put them. Every table of
# a report that names kernels goes through here.
long_names() {
	LC_ALL=C awk -v w="$1" -v at="${2:-2}" '{
		name = substr($0, at + 1); sub(/ .*/, "", name)
		if (length(name) > w && substr($0, at, 1) == " " && substr($0, at + length(name) + 1, 1) == " ") {
			print sprintf("%" at "s", "") name
			$0 = substr($0, 1, at) sprintf("%" w "s", "") substr($0, at + length(name) + 1)
		}
		print }'
}

# safe_line TEXT: TEXT on one line, a line break shown as \n, the rest as
# term_safe shows it: for a path or name the user gave, in a line of ours.
safe_line() {
	printf '%s\n' "${1//$'\n'/\\n}" | term_safe
}

# term_safe: stdin to stdout with what a terminal would obey shown
# instead: ESC as \e, tab as \t, other control bytes as \xHH; C1 controls,
# invisible format characters and line breaks of Unicode as \uHHHH: the
# bidirectional marks and overrides (U+061C, U+200E-200F, U+202A-202E,
# U+2066-2069), zero-width ones (U+200B-200D, U+2060-2064, U+FEFF) and
# U+2028/2029. Everything printed from a run directory goes through it.
term_safe() {
	LC_ALL=C awk 'BEGIN { for (i = 1; i < 256; i++) ch[sprintf("%c", i)] = i }
		!/[\001-\037\177\302\330\342\357]/ { print; next }
		{
			out = ""; n = length($0)
			for (i = 1; i <= n; i++) {
				c = substr($0, i, 1); b = ch[c]; b1 = ch[substr($0, i + 1, 1)]; b2 = ch[substr($0, i + 2, 1)]
				if (b == 27) out = out "\\e"
				else if (b == 9) out = out "\\t"
				else if (b < 32 || b == 127) out = out sprintf("\\x%02x", b)
				else if (b == 194 && b1 >= 128 && b1 <= 159) { out = out sprintf("\\u%04x", b1); i++ }
				else if (b == 226 && ((b1 == 128 && (b2 >= 139 && b2 <= 143 || b2 >= 168 && b2 <= 174)) || (b1 == 129 && (b2 >= 160 && b2 <= 164 || b2 >= 166 && b2 <= 169)))) {
					out = out sprintf("\\u%04x", 8192 + (b1 - 128) * 64 + b2 - 128); i += 2 }
				else if (b == 216 && b1 == 156) { out = out "\\u061c"; i++ }
				else if (b == 239 && b1 == 187 && b2 == 191) { out = out "\\ufeff"; i += 2 }
				else out = out c
			}
			print out
		}'
}
