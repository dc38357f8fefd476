// `npm run make-icon-keys -- DIR`: writes src/agent/icon-keys.ts (read by the snapshot), the
// names of well-known icon sets' icons by the key of their exact geometry (src/driver/glyphs.ts shapeKey), so an inline
// SVG copied from one (Heroicons in a Tailwind page, Lucide, Feather, Tabler, Bootstrap Icons)
// is known by its name when its markup names nothing. DIR holds the sets as npm installs them:
//   npm install --prefix DIR heroicons@2.2.0 lucide-static@1.87.0 feather-icons@4.29.2 \
//     bootstrap-icons@1.13.2 @tabler/icons@3.52.0
// Only plain icons whose name starts with a word a step may use for a control are kept
// (VOCABULARY), so the table stays small.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { shapeKey, type Primitive } from '../src/driver/glyphs.ts';

const SETS: { name: string; pkg: string; licence: string; dirs: string[] }[] = [
  { name: 'Heroicons', pkg: 'heroicons', licence: 'MIT', dirs: ['24/outline', '24/solid', '20/solid', '16/solid'] },
  { name: 'Lucide', pkg: 'lucide-static', licence: 'ISC', dirs: ['icons'] },
  { name: 'Feather', pkg: 'feather-icons', licence: 'MIT', dirs: ['dist/icons'] },
  { name: 'Bootstrap Icons', pkg: 'bootstrap-icons', licence: 'MIT', dirs: ['icons'] },
  { name: 'Tabler Icons', pkg: '@tabler/icons', licence: 'MIT', dirs: ['icons/outline'] },
];

/** Words of the controls steps name by an icon's look. */
const VOCABULARY = new Set(
  `trash bin delete x xmark close cross plus minus add remove pencil pen edit square bell notification home house user users
  person profile account avatar cog gear settings adjustments sliders search magnifying glass zoom menu bars hamburger list
  grid layout table heart star cart shopping bag basket lock unlock key eye hidden chevron arrow arrows caret download upload
  share send paper airplane filter funnel refresh reload rotate clockwise counterclockwise sync calendar clock mail envelope
  inbox phone camera photo image picture play pause stop forward backward next previous skip volume mute speaker microphone
  video film music check circle info information question help alert exclamation warning triangle copy clipboard duplicate
  link external bookmark tag flag folder file document print printer chat comment message bubble logout login sign out
  enter exit door moon sun globe map pin location marker dots ellipsis more vertical horizontal kebab sort ascending
  descending maximize minimize expand collapse fullscreen crop flip move drag grip undo redo save disk floppy bold italic
  underline strikethrough align indent outdent code terminal attach paperclip thumb thumbs like dislike smile cloud power
  credit card wallet dollar gift truck store receipt github twitter facebook instagram linkedin youtube rss home question
  lightbulb bulb chart bar pie trending sidebar panel columns layers archive book`.split(/\s+/),
);

/** The words of an icon's file name: "x-mark" is x mark, "trash-2" is trash, "bell-fill" is bell. */
function nameWords(file: string): string[] {
  return file
    .replace(/\.svg$/, '')
    .split('-')
    .filter((w) => w && !/^\d+$/.test(w) && !['fill', 'filled', 'lg', 'sm', 'alt'].includes(w));
}

const ATTR = /([a-zA-Z:-]+)\s*=\s*"([^"]*)"/g;
/** The shapes an SVG file draws, read as the snapshot reads a page's SVG: in order, through <g> only. */
export function svgPrims(svg: string): Primitive[] {
  const prims: Primitive[] = [];
  const open: string[] = [];
  for (const m of svg.matchAll(/<(\/?)([a-zA-Z]+)([^>]*?)(\/?)>/g)) {
    const [, closing, tag, rest, selfClosing] = m as unknown as [string, string, string, string, string];
    if (closing) {
      open.pop();
      continue;
    }
    const attrs = Object.fromEntries([...rest.matchAll(ATTR)].map((a) => [a[1], a[2]]));
    const drawnHere = open.length >= 1 && open.every((t, i) => (i === 0 ? t === 'svg' : t === 'g'));
    const num = (k: string) => Number(attrs[k] ?? 0) || 0;
    if (drawnHere) {
      if (tag === 'path') prims.push({ kind: 'path', d: attrs.d ?? '' });
      else if (tag === 'line') prims.push({ kind: 'line', x1: num('x1'), y1: num('y1'), x2: num('x2'), y2: num('y2') });
      else if (tag === 'polyline' || tag === 'polygon') prims.push({ kind: 'polyline', points: attrs.points ?? '' });
      else if (tag === 'circle') prims.push({ kind: 'circle', cx: num('cx'), cy: num('cy'), r: num('r') });
      else if (tag === 'ellipse') prims.push({ kind: 'circle', cx: num('cx'), cy: num('cy'), r: Math.max(num('rx'), num('ry')) });
      else if (tag === 'rect') prims.push({ kind: 'rect', x: num('x'), y: num('y'), width: num('width'), height: num('height') });
    }
    if (!selfClosing) open.push(tag);
  }
  return prims;
}

const dir = process.argv[2];
if (!dir || !existsSync(join(dir, 'node_modules'))) {
  console.error('usage: npm run make-icon-keys -- DIR   (DIR/node_modules holds the icon sets; see the top of this script)');
  process.exit(1);
}
/** Icon name by key; a key two sets draw alike keeps the first name. */
const names = new Map<string, string>();
const used: string[] = [];
for (const set of SETS) {
  const root = join(dir, 'node_modules', set.pkg);
  const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
  used.push(`${set.name} ${version} (${set.pkg}, ${set.licence})`);
  for (const sub of set.dirs)
    for (const file of readdirSync(join(root, sub)).filter((f) => f.endsWith('.svg'))) {
      const words = nameWords(file);
      // The plain icons ("trash", "chevron down", "x circle"), not the thousands of variants
      // ("ad circle off", "brand google analytics"): first word known, at most two words.
      if (!VOCABULARY.has(words[0] ?? '') || words.length > 2) continue;
      const key = shapeKey(svgPrims(readFileSync(join(root, sub, file), 'utf8')));
      if (key && !names.has(key)) names.set(key, words.join(' '));
    }
}
// One line per name with its keys: the names repeat across sets and styles.
const byName = new Map<string, string[]>();
for (const [key, name] of names) byName.set(name, [...(byName.get(name) ?? []), key]);
const lines = [...byName].sort((a, b) => a[0].localeCompare(b[0])).map(([name, keys]) => `${name}:${keys.sort().join(',')}`);
const out = `// Generated by scripts/make-icon-keys.ts; do not edit (read through icon-names.ts). Icon names
// by the key of their exact geometry (src/driver/glyphs.ts shapeKey), from ${used.join('; ')}.
// ${names.size} icons whose names have a word steps use for controls: "name:key,key;name:key".
export const ICON_TABLE = ${JSON.stringify(lines.join(';'))};
`;
writeFileSync('src/agent/icon-keys.ts', out);
execFileSync('node_modules/.bin/prettier', ['--write', 'src/agent/icon-keys.ts', '--log-level=warn']);
console.log(`src/agent/icon-keys.ts: ${names.size} icons under ${byName.size} names, ${out.length} bytes`);
