/**
 * The font files a statement PDF embeds, relative to the repository root. Roboto (shipped with
 * pdfmake) prints Latin with every European accent, Greek and the whole Cyrillic block; Noto Sans
 * Arabic, Hebrew, Devanagari and Thai print those scripts (about 1 MB for the eight files); Noto Sans
 * KR prints Korean (Hangul), which Noto Sans SC has not; Noto Sans SC prints Chinese, Japanese kana and
 * the rest of what Roboto lacks. Data only: infra/functions.ts lists these
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
  NotoSansKR: {
    normal: 'node_modules/@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
    bold: 'node_modules/@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf',
  },
  NotoSansSC: {
    normal: 'node_modules/@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    bold: 'node_modules/@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  },
} as const;

/** Every font file, for a function's `assets`. */
export const PDF_FONT_ASSETS: readonly string[] = Object.values(PDF_FONT_FILES).flatMap((f) => [f.normal, f.bold]);
