# Chart 2: each kernel's hackbench time against the baseline's, per group
# count: the ratio of geometric means paired by round, with the Holm-adjusted
# interval the report's verdicts come from; 1 is no difference.
# With one group count (forest=1), a forest plot: a row per kernel (labels,
# in dat's order, first on top), its interval across, 1 marked.
# Variables: dat (blocks per kernel, "groups ratio ci_lo ci_hi", first line
# of each block the kernel's name in quotes), n (kernels), forest, labels,
# title_text.
load dir."/common.gp"
if (exists("forest") && forest) {
	set xlabel "time / baseline's time (paired, Holm CI; 1: no difference)"
	unset ylabel
	set yrange [n - 0.5:-0.5]
	set offsets graph 0.05, graph 0.05, 0, 0
	set grid noytics xtics
	yt = ""
	do for [i=1:n] { yt = yt . sprintf("%s\"%s\" %d", i > 1 ? ", " : "", word(labels, i), i - 1) }
	eval "set ytics (" . yt . ")"
	set arrow 1 from first 1, graph 0 to first 1, graph 1 nohead lc rgb "#888888" dt 2
	unset key
	plot for [i=0:n-1] dat index i using 2:(i):3:4 with xerrorbars lw 2 pt 7 title columnheader(1)
} else {
	set ylabel "time / baseline's time (paired, Holm CI)"
	set xlabel "groups (20 senders + 20 receivers each)"
	set offsets 0.5, 0.5, 0.02, 0.02
	set key top left
	set arrow 1 from graph 0, first 1 to graph 1, first 1 nohead lc rgb "#888888" dt 2
	plot for [i=0:n-1] dat index i using 1:2:3:4 with yerrorlines lw 2 pt 7 title columnheader(1)
}
