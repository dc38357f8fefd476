// Icons drawn by a CSS pseudo-element with an icon font (`.toggle::after { font-family: 'Font
// Awesome 5 Free'; content: '\f104' }`) carry no class naming them: only the code point says
// which icon it is. These are Font Awesome's code points for the icons that controls use most;
// they are the same in versions 4 to 6 (names are the v5 ones, with the words a step would use).
// Pure.

const FONT_AWESOME: Record<number, string> = {
  0xf002: 'search magnifying glass', 0xf004: 'heart', 0xf005: 'star', 0xf007: 'user', 0xf00c: 'check tick',
  0xf00d: 'times close x', 0xf011: 'power off', 0xf013: 'cog settings gear', 0xf015: 'home house', 0xf017: 'clock',
  0xf019: 'download', 0xf021: 'sync refresh', 0xf023: 'lock', 0xf02b: 'tag', 0xf02e: 'bookmark', 0xf030: 'camera',
  0xf03a: 'list', 0xf040: 'pencil edit', 0xf042: 'adjust half circle contrast theme', 0xf044: 'edit pen', 0xf053: 'chevron left',
  0xf054: 'chevron right', 0xf055: 'plus circle add', 0xf056: 'minus circle', 0xf057: 'times circle close', 0xf058: 'check circle',
  0xf059: 'question circle help', 0xf05a: 'info circle', 0xf060: 'arrow left', 0xf061: 'arrow right', 0xf062: 'arrow up',
  0xf063: 'arrow down', 0xf064: 'share', 0xf065: 'expand', 0xf066: 'compress', 0xf067: 'plus add', 0xf068: 'minus',
  0xf06e: 'eye', 0xf070: 'eye slash', 0xf071: 'exclamation triangle warning', 0xf073: 'calendar', 0xf075: 'comment',
  0xf077: 'chevron up', 0xf078: 'chevron down', 0xf07a: 'shopping cart', 0xf07b: 'folder', 0xf080: 'chart bar',
  0xf08e: 'external link', 0xf093: 'upload', 0xf095: 'phone', 0xf0ac: 'globe', 0xf0b0: 'filter funnel', 0xf0c1: 'link',
  0xf0c5: 'copy', 0xf0c7: 'save', 0xf0c9: 'bars menu hamburger', 0xf0d1: 'truck', 0xf0d7: 'caret down', 0xf0d8: 'caret up',
  0xf0d9: 'caret left', 0xf0da: 'caret right', 0xf0e0: 'envelope mail', 0xf0e7: 'bolt', 0xf0eb: 'lightbulb',
  0xf0f3: 'bell notifications', 0xf0fe: 'plus square', 0xf100: 'angle double left', 0xf101: 'angle double right',
  0xf104: 'angle left arrow', 0xf105: 'angle right arrow', 0xf106: 'angle up arrow', 0xf107: 'angle down arrow',
  0xf108: 'desktop', 0xf10b: 'mobile', 0xf111: 'circle', 0xf141: 'ellipsis horizontal more dots', 0xf142: 'ellipsis vertical more dots',
  0xf146: 'minus square', 0xf14a: 'check square', 0xf185: 'sun light', 0xf186: 'moon dark', 0xf187: 'archive',
  0xf1de: 'sliders', 0xf1f8: 'trash delete', 0xf200: 'chart pie', 0xf201: 'chart line', 0xf290: 'shopping bag',
  0xf291: 'shopping basket', 0xf295: 'percent', 0xf2bd: 'user circle', 0xf2ed: 'trash delete', 0xf2f5: 'sign out',
  0xf2f6: 'sign in', 0xf303: 'pencil edit', 0xf09a: 'facebook', 0xf099: 'twitter', 0xf16d: 'instagram', 0xf08c: 'linkedin',
  0xf09b: 'github', 0xf167: 'youtube',
};

/** Words for a pseudo-element's content drawn with an icon font, or '' when unknown. */
export function iconFontWords(content: string, fontFamily: string): string {
  if (!/awesome/i.test(fontFamily)) return '';
  const cp = content.codePointAt(0);
  return cp !== undefined ? FONT_AWESOME[cp] ?? '' : '';
}
