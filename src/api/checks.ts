// window.iwr entry points for judge-free checks kept in this browser (src/data/checks.ts).
//
//   savedChecks(sourceId, taskId): Promise<{ text, savedAt, entries, problems } | null>
//       The task's checks saved here (the task page's editor, an import), read back and parsed;
//       null when there are none (the task's own checks.json applies).
//   saveChecks(sourceId, taskId, text): Promise<void>
//       Stores a checks.json text for the task; refused, naming the file and JSON path, unless
//       every entry parses. Evaluations then prefer it to the task's own checks.json.
//   deleteSavedChecks(sourceId, taskId): Promise<void>
import { checksTaskKey, deleteSavedChecks, getSavedChecks, saveChecks, type SavedChecks } from '../data/checks.ts';
import { registerApi } from './index.ts';

declare module './index.ts' {
  interface IwrApi {
    savedChecks(sourceId: string, taskId: string): Promise<Omit<SavedChecks, 'taskKey'> | null>;
    saveChecks(sourceId: string, taskId: string, text: string): Promise<void>;
    deleteSavedChecks(sourceId: string, taskId: string): Promise<void>;
  }
}

registerApi({
  async savedChecks(sourceId, taskId) {
    const saved = await getSavedChecks(checksTaskKey(sourceId, String(taskId)));
    if (!saved) return null;
    const { taskKey: _key, ...rest } = saved;
    return rest;
  },
  async saveChecks(sourceId, taskId, text) {
    await saveChecks(checksTaskKey(sourceId, String(taskId)), text);
  },
  deleteSavedChecks: (sourceId, taskId) => deleteSavedChecks(checksTaskKey(sourceId, String(taskId))),
});
