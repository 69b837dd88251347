# The partial list over time: a panel per kernel side by side, the list's
# length at each sample (slabs, left axis) and the slabs added per ms
# between samples (right axis, a step over each interval) against guest ms. Variables: dat (a block per kernel: its
# name, then "ms slabs added_per_ms"), n (blocks), labels (their names),
# ymax and ratemax (the axes' tops, one scale for every panel).
load dir."/common.gp"
if (fmt eq "svg") {
	set terminal svg size 400 * (n > 1 ? n : 1) + 200,500 dynamic noenhanced font "DejaVu Sans,12" background "white"
} else {
	set terminal pngcairo size 400 * (n > 1 ? n : 1) + 200,500 noenhanced font "DejaVu Sans,11" background "white"
}
set output out
set multiplot layout 1,n title title_text."\n".sub_text font ",10"
unset title
set xlabel "guest ms"
set ylabel "slabs on the list"
set y2label "added per ms"
set ytics nomirror
set y2tics
set yrange [0:ymax]
set y2range [0:ratemax]
set key below
do for [i = 0:n - 1] {
	set title word(labels, i + 1)
	# a length is read at its sample; a rate holds over the interval before it
	plot dat index i using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4878a8" title "list length (at each sample)", \
	     "" index i using 1:3 axes x1y2 with fsteps lc rgb "#c03030" title "added per ms (since the sample before)"
}
unset multiplot
