// OCR engine choices shared by the app and the CLI (which must not load the OCR bridge).

/** The page segmentation modes bench:ocr-variants measured; 3 (automatic layout, as the tesseract CLI) is the default. */
export const OCR_PSMS = [3, 4, 6, 11] as const;
export type OcrPsm = (typeof OCR_PSMS)[number];
