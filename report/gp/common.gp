# Shared by slubbench's charts: terminal and style from the caller's
# variables fmt ("png" or "svg") and out (the file to write).
if (fmt eq "svg") {
	set terminal svg size 800,500 dynamic noenhanced font "DejaVu Sans,12" background "white"
} else {
	set terminal pngcairo size 800,500 noenhanced font "DejaVu Sans,11" background "white"
}
set output out
set border 3
set tics nomirror
set grid ytics lc rgb "#dddddd"
set key top left reverse Left noautotitle
set style fill solid 0.35 border -1
# title_text, then sub_text (run, profile, vCPUs) on a second line
set title title_text."\n".sub_text font ",10"
