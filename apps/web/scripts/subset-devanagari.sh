#!/bin/sh
# The Hindi pages' Devanagari face (src/shared/i18n/fonts/*.woff2), cut from @fontsource's Noto Sans
# Devanagari (its "devanagari" subset, the version package-lock.json pins) down to what Hindi text draws:
# the Devanagari block, the joiners that pick a conjunct's form, the rupee sign and the dotted circle
# (a sign shown alone), every layout feature of those (the conjuncts and matras are GSUB/GPOS work), no
# glyph names. Drops the Vedic and North Indic signs the page never sets (they fall back to the
# system's font). 50 KB becomes 40 KB. Regular only: bold text is emboldened by the browser
# (devanagari.css says why). The file is committed: a build needs no Python. Run again after the
# @fontsource package changes (needs fontTools: apt-get install python3-fonttools python3-brotli);
# devanagari.css's unicode-range must stay the same set.
set -eu
cd "$(dirname "$0")/.."
src=../../node_modules/@fontsource/noto-sans-devanagari
unicodes='U+0900-097F,U+200C-200D,U+20B9,U+25CC'
for weight in 400; do
  python3 -m fontTools.subset "$src/files/noto-sans-devanagari-devanagari-$weight-normal.woff2" \
    --unicodes="$unicodes" --layout-features='*' --no-glyph-names --flavor=woff2 \
    --output-file="src/shared/i18n/fonts/noto-sans-devanagari-hindi-$weight.woff2"
done
cp "$src/LICENSE" src/shared/i18n/fonts/OFL.txt
ls -l src/shared/i18n/fonts
