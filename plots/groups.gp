# Chart 2: hackbench time against groups, one line per kernel, with the 95%
# confidence interval of the mean as error bars.
# Variables: dat (blocks per kernel, "groups mean ci_lo ci_hi", first line
# of each block a comment with the kernel's name), n (kernels), title_text.
load dir."/common.gp"
set ylabel "hackbench time (s), mean and 95% CI"
set xlabel "groups (20 senders + 20 receivers each)"
set yrange [0:*]
set offsets 0.5, 0.5, 0, 0
set key top left
plot for [i=0:n-1] dat index i using 1:2:3:4 with yerrorlines lw 2 pt 7 title columnheader(1)
