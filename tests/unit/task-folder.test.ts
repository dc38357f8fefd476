import { describe, expect, test } from 'vitest';
import { applyMetadata, checkTaskFiles, classifyTaskFiles, normaliseListing } from '../../src/task/folder.ts';
import { formatProblem } from '../../src/task/types.ts';

const task = { id: '3', flaggedSteps: 2 };
const complete = [
  'video.mp4',
  'checkpoints/step_0.png',
  'checkpoints/step_1.png',
  'checkpoints/step_2.png',
  'stitched_assets/stitched_image.png',
  'assets/asset_001.png',
  'metadata.json',
];
const check = (paths: string[], t = task) => checkTaskFiles(t, paths).map(formatProblem);

describe('checkTaskFiles', () => {
  test('a complete folder has no problems; webm and any sheet image format are accepted', () => {
    expect(check(complete)).toEqual([]);
    expect(check(complete.map((p) => p.replace('video.mp4', 'video.webm').replace('stitched_image.png', 'stitched_image_1.webp')))).toEqual(
      [],
    );
    expect(check([...complete, 'stitched_assets/stitched_image_2.JPG'])).toEqual([]);
  });

  test('missing video', () => {
    expect(check(complete.filter((p) => p !== 'video.mp4'))).toEqual(['data/3/video.mp4: missing (no video.mp4 or video.webm)']);
    expect(check([...complete.filter((p) => p !== 'video.mp4'), 'video.mov'])).toEqual([
      'data/3/video.mp4: missing (no video.mp4 or video.webm; found video.mov, which is not accepted)',
    ]);
  });

  test('missing checkpoints: flagged steps + 1 are expected', () => {
    expect(check(complete.filter((p) => p !== 'checkpoints/step_0.png'))).toEqual([
      'data/3/checkpoints/step_0.png: missing (the reference for screenshot 0; 3 checkpoints expected)',
    ]);
    expect(check(complete.filter((p) => p !== 'checkpoints/step_2.png'))).toEqual([
      'data/3/checkpoints/step_2.png: missing (the reference after flagged step 2 of 2; 3 checkpoints expected)',
    ]);
    expect(check(complete.map((p) => p.replace('step_1.png', 'step_1.jpg')))).toEqual([
      'data/3/checkpoints/step_1.png: missing (the reference after flagged step 1 of 2; 3 checkpoints expected; found checkpoints/step_1.jpg, the format uses step_1.png)',
    ]);
    expect(check(['video.mp4', 'stitched_assets/stitched_image.png'], { id: '9', flaggedSteps: 0 })).toEqual([
      'data/9/checkpoints/step_0.png: missing (the reference for screenshot 0; 1 checkpoints expected)',
    ]);
  });

  test('extra checkpoints are a warning', () => {
    const ps = checkTaskFiles(task, [...complete, 'checkpoints/step_3.png']);
    expect(ps.map(formatProblem)).toEqual([
      'data/3/checkpoints/step_3.png: is not used: the task has 2 flagged steps, so only step_0..step_2 are compared',
    ]);
    expect(ps[0]?.severity).toBe('warning');
  });

  test('stitched sheets: none is a warning, a non-image is an error', () => {
    const none = checkTaskFiles(
      task,
      complete.filter((p) => !p.startsWith('stitched')),
    );
    expect(none.map(formatProblem)).toEqual([
      'data/3/stitched_assets/: has no stitched_image* sheet: generation will send the video frames only',
    ]);
    expect(none[0]?.severity).toBe('warning');
    expect(check([...complete, 'stitched_assets/stitched_image.txt'])).toEqual([
      'data/3/stitched_assets/stitched_image.txt: is not an image (expected one of png, jpg, jpeg, webp, gif, bmp, avif)',
    ]);
  });

  test('an empty or missing folder is one error', () => {
    expect(check([])).toEqual(['data/3/: task folder is missing or empty']);
  });

  test('listings are normalised', () => {
    expect(normaliseListing(['./a/b.png', '/c', 'd\\e.png', 'dir/', 'c', 'step_10', 'step_2'])).toEqual([
      'a/b.png',
      'c',
      'd/e.png',
      'step_2',
      'step_10',
    ]);
  });
});

describe('classifyTaskFiles', () => {
  test('sorts the parts, mp4 before webm, checkpoints in numeric order', () => {
    const files = classifyTaskFiles([
      'video.webm',
      'video.mp4',
      'checkpoints/step_10.png',
      'checkpoints/step_2.png',
      'assets/x.svg',
      'stitched_assets/stitched_image_1.jpg',
      'stitched_assets/readme.txt',
      'metadata.json',
    ]);
    expect(files).toEqual({
      video: 'video.mp4',
      checkpoints: ['checkpoints/step_2.png', 'checkpoints/step_10.png'],
      stitched: ['stitched_assets/stitched_image_1.jpg'],
      assets: ['assets/x.svg'],
      metadata: 'metadata.json',
    });
  });
});

describe('applyMetadata: data.jsonl wins, metadata.json fills in', () => {
  const stated = { id: '3', resolution: { width: 1280, height: 720 }, resolutionFrom: 'data.jsonl' as const };
  const unstated = { id: '3', resolution: { width: 1920, height: 1080 }, resolutionFrom: 'default' as const };
  const meta = (r: unknown) => JSON.stringify({ recording_details: { resolution: r }, other: 1 });

  test('fills in a missing resolution', () => {
    expect(applyMetadata(unstated, meta('390*844'))).toEqual({
      resolution: { width: 390, height: 844 },
      resolutionFrom: 'metadata.json',
      problems: [],
    });
  });
  test('agrees silently, disagrees with a warning', () => {
    expect(applyMetadata(stated, meta('1280x720')).problems).toEqual([]);
    const r = applyMetadata(stated, meta('1920x1080'));
    expect(r.resolution).toEqual({ width: 1280, height: 720 });
    expect(r.problems.map(formatProblem)).toEqual([
      "data/3/metadata.json: recording_details.resolution 1920x1080 differs from data.jsonl's 1280x720; using data.jsonl's",
    ]);
  });
  test('no resolution, bad resolution, bad JSON', () => {
    expect(applyMetadata(unstated, '{}')).toEqual({ resolution: unstated.resolution, resolutionFrom: 'default', problems: [] });
    expect(applyMetadata(unstated, meta('huge')).problems.map(formatProblem)).toEqual([
      'data/3/metadata.json: recording_details.resolution "huge" is not WIDTHxHEIGHT; ignored',
    ]);
    const bad = applyMetadata(stated, '{nope');
    expect(bad.problems[0]?.severity).toBe('error');
    expect(formatProblem(bad.problems[0]!)).toMatch(/^data\/3\/metadata\.json: is not valid JSON \(.+\)$/);
  });
});
