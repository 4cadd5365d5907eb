/**
 * The font files a statement PDF embeds, relative to the repository root. Roboto (shipped with
 * pdfmake) prints Latin with every European accent, Greek and the whole Cyrillic block; Noto Sans
 * Arabic, Hebrew, Devanagari and Thai print those scripts (about 1 MB for the eight files); Noto Sans
 * Bengali, Gurmukhi, Gujarati, Oriya, Tamil, Telugu, Kannada, Malayalam, Sinhala, Khmer, Lao, Ethiopic,
 * Georgian and Armenian print theirs (about 3.9 MB for the 28 files, Ethiopic's two the largest at 0.7 MB); Noto Sans
 * Syriac, N'Ko, Javanese, Thaana, Adlam, Cherokee, Canadian Aboriginal (the syllabics), Tifinagh, Ol Chiki and Yi print
 * theirs (about 1.7 MB for the 17 files; N'Ko, Tifinagh and Yi come in one weight, used for bold too), Noto Sans Myanmar
 * Burmese and the other Myanmar-script languages (0.35 MB for two files); Noto Sans KR prints
 * Korean (Hangul), which Noto Sans SC has not; Noto Sans SC prints Chinese, Japanese kana and the rest of what Roboto
 * lacks. Data only: infra/functions.ts lists these
 * as the assets of the function that renders statements, so the Lambda bundle carries them.
 */
export const PDF_FONT_FILES = {
  Roboto: {
    normal: 'node_modules/pdfmake/fonts/Roboto/Roboto-Regular.ttf',
    bold: 'node_modules/pdfmake/fonts/Roboto/Roboto-Medium.ttf',
  },
  NotoSansArabic: {
    normal: 'node_modules/@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf',
    bold: 'node_modules/@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf',
  },
  // Google's Noto Sans Hebrew as TrueType: @fontsource ships it only as WOFF, and @expo-google-fonts has no Hebrew.
  NotoSansHebrew: {
    normal: 'node_modules/@embedpdf/fonts-hebrew/fonts/NotoSansHebrew-Regular.ttf',
    bold: 'node_modules/@embedpdf/fonts-hebrew/fonts/NotoSansHebrew-Bold.ttf',
  },
  NotoSansDevanagari: {
    normal: 'node_modules/@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf',
    bold: 'node_modules/@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf',
  },
  NotoSansThai: {
    normal: 'node_modules/@expo-google-fonts/noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf',
    bold: 'node_modules/@expo-google-fonts/noto-sans-thai/700Bold/NotoSansThai_700Bold.ttf',
  },
  NotoSansBengali: {
    normal: 'node_modules/@expo-google-fonts/noto-sans-bengali/400Regular/NotoSansBengali_400Regular.ttf',
    bold: 'node_modules/@expo-google-fonts/noto-sans-bengali/700Bold/NotoSansBengali_700Bold.ttf',
  },
  NotoSansGurmukhi: {
    normal: 'node_modules/@expo-google-fonts/noto-sans-gurmukhi/400Regular/NotoSansGurmukhi_400Regular.ttf',
    bold: 'node_modules/@expo-google-fonts/noto-sans-gurmukhi/700Bold/NotoSansGurmukhi_700Bold.ttf',
  },
  NotoSansGujarati: {
    normal: 'node_modules/@expo-google-fonts/noto-sans-gujarati/400Regular/NotoSansGujarati_400Regular.ttf',
    bold: 'node_modules/@expo-google-fonts/noto-sans-gujarati/700Bold/NotoSansGujarati_700Bold.ttf',
  },
  NotoSansOriya: {
    normal: 'node_modules/@expo-google-fonts/noto-sans-oriya/400Regular/NotoSansOriya_400Regular.ttf',
    bold: 'node_modules/@expo-google-fonts/noto-sans-oriya/700Bold/NotoSansOriya_700Bold.ttf',
  },
  NotoSansTamil: {
    normal: 'node_modules/@expo-google-fonts/noto-sans-tamil/400Regular/NotoSansTamil_400Regular.ttf',
    bold: 'node_modules/@expo-google-fonts/noto-sans-tamil/700Bold/NotoSansTamil_700Bold.ttf',
  },
  NotoSansTelugu: {
    normal: 'node_modules/@expo-google-fonts/noto-sans-telugu/400Regular/NotoSansTelugu_400Regular.ttf',
    bold: 'node_modules/@expo-google-fonts/noto-sans-telugu/700Bold/NotoSansTelugu_700Bold.ttf',
  },
  NotoSansKannada: {
    normal: 'node_modules/@expo-google-fonts/noto-sans-kannada/400Regular/NotoSansKannada_400Regular.ttf',
    bold: 'node_modules/@expo-google-fonts/noto-sans-kannada/700Bold/NotoSansKannada_700Bold.ttf',
  },
  NotoSansMalayalam: {
    normal: 'node_modules/@expo-google-fonts/noto-sans-malayalam/400Regular/NotoSansMalayalam_400Regular.ttf',
    bold: 'node_modules/@expo-google-fonts/noto-sans-malayalam/700Bold/NotoSansMalayalam_700Bold.ttf',
  },
  NotoSansSinhala: {
    normal: 'node_modules/@expo-google-fonts/noto-sans-sinhala/400Regular/NotoSansSinhala_400Regular.ttf',
    bold: 'node_modules/@expo-google-fonts/noto-sans-sinhala/700Bold/NotoSansSinhala_700Bold.ttf',
  },
  NotoSansKhmer: {
    normal: 'node_modules/@expo-google-fonts/noto-sans-khmer/400Regular/NotoSansKhmer_400Regular.ttf',
    bold: 'node_modules/@expo-google-fonts/noto-sans-khmer/700Bold/NotoSansKhmer_700Bold.ttf',
  },
  NotoSansLao: {
    normal: 'node_modules/@expo-google-fonts/noto-sans-lao/400Regular/NotoSansLao_400Regular.ttf',
    bold: 'node_modules/@expo-google-fonts/noto-sans-lao/700Bold/NotoSansLao_700Bold.ttf',
  },
  NotoSansEthiopic: {
    normal: 'node_modules/@expo-google-fonts/noto-sans-ethiopic/400Regular/NotoSansEthiopic_400Regular.ttf',
    bold: 'node_modules/@expo-google-fonts/noto-sans-ethiopic/700Bold/NotoSansEthiopic_700Bold.ttf',
  },
  NotoSansGeorgian: {
    normal: 'node_modules/@expo-google-fonts/noto-sans-georgian/400Regular/NotoSansGeorgian_400Regular.ttf',
    bold: 'node_modules/@expo-google-fonts/noto-sans-georgian/700Bold/NotoSansGeorgian_700Bold.ttf',
  },
  NotoSansArmenian: {
    normal: 'node_modules/@expo-google-fonts/noto-sans-armenian/400Regular/NotoSansArmenian_400Regular.ttf',
    bold: 'node_modules/@expo-google-fonts/noto-sans-armenian/700Bold/NotoSansArmenian_700Bold.ttf',
  },
  NotoSansSyriac: {
    normal: 'node_modules/@expo-google-fonts/noto-sans-syriac/400Regular/NotoSansSyriac_400Regular.ttf',
    bold: 'node_modules/@expo-google-fonts/noto-sans-syriac/700Bold/NotoSansSyriac_700Bold.ttf',
  },
  NotoSansNKo: {
    normal: 'node_modules/@expo-google-fonts/noto-sans-nko/400Regular/NotoSansNKo_400Regular.ttf',
    bold: 'node_modules/@expo-google-fonts/noto-sans-nko/400Regular/NotoSansNKo_400Regular.ttf',
  },
  NotoSansJavanese: {
    normal: 'node_modules/@expo-google-fonts/noto-sans-javanese/400Regular/NotoSansJavanese_400Regular.ttf',
    bold: 'node_modules/@expo-google-fonts/noto-sans-javanese/700Bold/NotoSansJavanese_700Bold.ttf',
  },
  NotoSansThaana: {
    normal: 'node_modules/@expo-google-fonts/noto-sans-thaana/400Regular/NotoSansThaana_400Regular.ttf',
    bold: 'node_modules/@expo-google-fonts/noto-sans-thaana/700Bold/NotoSansThaana_700Bold.ttf',
  },
  NotoSansAdlam: {
    normal: 'node_modules/@expo-google-fonts/noto-sans-adlam/400Regular/NotoSansAdlam_400Regular.ttf',
    bold: 'node_modules/@expo-google-fonts/noto-sans-adlam/700Bold/NotoSansAdlam_700Bold.ttf',
  },
  NotoSansCherokee: {
    normal: 'node_modules/@expo-google-fonts/noto-sans-cherokee/400Regular/NotoSansCherokee_400Regular.ttf',
    bold: 'node_modules/@expo-google-fonts/noto-sans-cherokee/700Bold/NotoSansCherokee_700Bold.ttf',
  },
  NotoSansCanadianAboriginal: {
    normal:
      'node_modules/@expo-google-fonts/noto-sans-canadian-aboriginal/400Regular/NotoSansCanadianAboriginal_400Regular.ttf',
    bold: 'node_modules/@expo-google-fonts/noto-sans-canadian-aboriginal/700Bold/NotoSansCanadianAboriginal_700Bold.ttf',
  },
  NotoSansTifinagh: {
    normal: 'node_modules/@expo-google-fonts/noto-sans-tifinagh/400Regular/NotoSansTifinagh_400Regular.ttf',
    bold: 'node_modules/@expo-google-fonts/noto-sans-tifinagh/400Regular/NotoSansTifinagh_400Regular.ttf',
  },
  NotoSansOlChiki: {
    normal: 'node_modules/@expo-google-fonts/noto-sans-ol-chiki/400Regular/NotoSansOlChiki_400Regular.ttf',
    bold: 'node_modules/@expo-google-fonts/noto-sans-ol-chiki/700Bold/NotoSansOlChiki_700Bold.ttf',
  },
  NotoSansYi: {
    normal: 'node_modules/@expo-google-fonts/noto-sans-yi/400Regular/NotoSansYi_400Regular.ttf',
    bold: 'node_modules/@expo-google-fonts/noto-sans-yi/400Regular/NotoSansYi_400Regular.ttf',
  },
  NotoSansMyanmar: {
    normal: 'node_modules/@expo-google-fonts/noto-sans-myanmar/400Regular/NotoSansMyanmar_400Regular.ttf',
    bold: 'node_modules/@expo-google-fonts/noto-sans-myanmar/700Bold/NotoSansMyanmar_700Bold.ttf',
  },
  NotoSansKR: {
    normal: 'node_modules/@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
    bold: 'node_modules/@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf',
  },
  NotoSansSC: {
    normal: 'node_modules/@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    bold: 'node_modules/@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  },
} as const;

/** Every font file, once (a font with one weight names the same file for bold), for a function's `assets`. */
export const PDF_FONT_ASSETS: readonly string[] = [
  ...new Set(Object.values(PDF_FONT_FILES).flatMap((f) => [f.normal, f.bold])),
];
