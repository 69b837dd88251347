# shellcheck shell=bash
# A kernel tree made a git repository the same on every machine: fixed
# authors and dates, so that the same package and patches give the same
# commit ids anywhere. Sourced by tests/data/bisect/git-tree.sh (t64's
# range) and studies/user-tree.sh (reference-user-tree's tree).

# git_tree DIR GIT-ARGS...: git in DIR as slubbench, at the fixed date
git_tree() {
	local d=$1
	shift
	GIT_AUTHOR_NAME=slubbench GIT_AUTHOR_EMAIL=slubbench@localhost GIT_COMMITTER_NAME=slubbench \
		GIT_COMMITTER_EMAIL=slubbench@localhost GIT_AUTHOR_DATE='2026-12-05T12:00:00Z' \
		GIT_COMMITTER_DATE='2026-12-05T12:00:00Z' \
		git -C "$d" -c core.autocrlf=false -c gc.auto=0 -c init.defaultBranch=main "$@"
}

# git_tree_from_tarball TARBALL DIR MESSAGE: TARBALL's tree (its top
# directory stripped) into DIR, empty or new, as one commit. Debian's
# tarballs have a .gitignore that ignores their top-level files: every
# file is added, ignored or not.
git_tree_from_tarball() {
	mkdir -p "$2"
	tar -xJf "$1" -C "$2" --strip-components=1
	git_tree "$2" init --quiet
	git_tree "$2" add --force --all .
	git_tree "$2" commit --quiet -m "$3"
}
