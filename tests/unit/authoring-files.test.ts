// The Record screen's file handling, without a browser: which file of a folder or zip is the
// page, its assets anonymised, and recorded tasks collected into one dataset zip.
import { describe, expect, test } from 'vitest';
import { unzipSync, zipSync, strToU8, strFromU8 } from 'fflate';
import { choosePage, recordablePage, zipFiles } from '../../src/authoring/page-input.ts';
import { datasetWithTask, nextRecordedId, readDatasetZip } from '../../src/authoring/dataset.ts';
import type { TaskRecord } from '../../src/task/types.ts';

describe('the page', () => {
  test('the shallowest index.html, else the only page at that depth; several are refused by name', () => {
    expect(choosePage(['site/about.html', 'site/index.html', 'site/docs/index.html'], 'x.zip')).toBe('site/index.html');
    expect(choosePage(['game.html', 'img/a.png'], 'x')).toBe('game.html');
    expect(() => choosePage(['a.html', 'b.html'], 'pages.zip')).toThrow(/pages\.zip holds several pages \(a\.html, b\.html\)/);
    expect(() => choosePage(['a.png'], 'pics')).toThrow(/pics holds no HTML page/);
  });

  test("assets are the files below the page's folder that it names, anonymised; others are left out", async () => {
    const files = new Map<string, Blob>([
      ['site/index.html', new Blob(['<img src="img/logo.png"><link href="./style.css"><img src="../outside.png">'])],
      ['site/img/logo.png', new Blob(['png'])],
      ['site/style.css', new Blob(['css'])],
      ['site/unused.png', new Blob(['x'])],
      ['site/notes.txt', new Blob(['not an asset'])],
      ['outside.png', new Blob(['y'])],
    ]);
    const page = await recordablePage('site.zip', files);
    expect(page.pagePath).toBe('site/index.html');
    expect([...page.assets.keys()]).toEqual(['asset_001.png', 'asset_002.css']);
    expect(page.html).toBe(
      '<img src="__PLACEHOLDER_ASSETS_BASE_DIR__/asset_001.png"><link href="__PLACEHOLDER_ASSETS_BASE_DIR__/asset_002.css"><img src="../outside.png">',
    );
  });

  test('a zip that is not one is refused with its name', () => {
    expect(() => zipFiles(strToU8('not a zip'), 'broken.zip')).toThrow(/broken\.zip could not be read as a zip/);
    const files = zipFiles(zipSync({ 'a/': new Uint8Array(), 'a/index.html': strToU8('<p>') }), 'ok.zip');
    expect([...files.keys()]).toEqual(['a/index.html']);
  });
});

describe('the dataset', () => {
  const record = (id: number): TaskRecord => ({ id, source_website: 's', classification: {}, recording_details: {}, action_sequence: [] });
  const files = (id: number) => new Map([[`data/${id}/metadata.json`, new Blob(['{}'])]]);

  test('tasks recorded one after another get consecutive ids in one zip, under its folder', async () => {
    const empty = readDatasetZip(null, 'new');
    expect(nextRecordedId(empty)).toBe(1);
    const one = await datasetWithTask(empty, record(1), files(1));
    // An existing dataset inside a folder of its zip, with a last line lacking its newline.
    const nested = zipSync({
      'ds/data.jsonl': strToU8(strFromU8(unzipSync(one)['data.jsonl']!).trim()),
      'ds/data/1/metadata.json': strToU8('{}'),
    });
    const read = readDatasetZip(nested, 'ds.zip');
    expect(read.root).toBe('ds/');
    expect(nextRecordedId(read)).toBe(2);
    const two = unzipSync(await datasetWithTask(read, record(2), files(2)));
    expect(Object.keys(two).sort()).toEqual(['ds/data.jsonl', 'ds/data/1/metadata.json', 'ds/data/2/metadata.json']);
    expect(
      strFromU8(two['ds/data.jsonl']!)
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { id: number }).id),
    ).toEqual([1, 2]);
  });

  test('an id the dataset has already is refused; a zip with no data.jsonl is not a dataset', async () => {
    const one = readDatasetZip(await datasetWithTask(readDatasetZip(null, 'new'), record(1), files(1)), 'a.zip');
    await expect(datasetWithTask(one, record(1), files(1))).rejects.toThrow(/the dataset has a task 1 already/);
    expect(() => readDatasetZip(zipSync({ 'x.txt': strToU8('x') }), 'other.zip')).toThrow(
      /other\.zip is not a dataset: it holds no data\.jsonl/,
    );
  });
});
