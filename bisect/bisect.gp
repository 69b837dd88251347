# A bisect's chart: each boot's value at its step, the good and bad ends'
# edges as lines (0: none). Variables: dat ("step value" a line), nsteps,
# good, bad, title_text, sub_text, fmt, out, dir.
load dir."/common.gp"
set xlabel "step (changes applied)"
set ylabel "per 1000 messages"
set xrange [-0.5:nsteps - 0.5]
set yrange [0:*]
set key top left
plot dat using 1:2 with points pt 7 ps 1.2 lc rgb "#4878a8" title "a boot", \
     (good > 0 ? good : 1/0) with lines dt 2 lc rgb "#30a030" title "good end's edge", \
     (bad > 0 ? bad : 1/0) with lines dt 2 lc rgb "#c03030" title "bad end's edge"
