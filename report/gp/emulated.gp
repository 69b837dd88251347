# Chart 6: emulated cache-line transfers per 1000 hackbench messages, by
# kernel function (slubcount plugin; mean over the boots with the cache
# model, the whiskers from the smallest to the largest boot), each kernel
# side by side.
# Variables: dat (a header row "function KERNEL - - ...", then one function
# per row, "mean lo hi" a kernel), n (kernels), title_text.
load dir."/common.gp"
set ylabel "transfers per 1000 messages"
set yrange [0:*]
set style data histograms
set style histogram errorbars gap 1 lw 1
set style fill solid 0.8 border -1
set boxwidth 0.9
set xtics rotate by -30 left font ",8"
set key top right autotitle columnheader
set bmargin 8
plot for [i = 0:n - 1] dat using 2 + 3 * i:3 + 3 * i:4 + 3 * i:xticlabels(1) title columnheader(2 + 3 * i)
