// The script `iwr record --steps FILE.json` reads: the task's labels and one entry per action.
// Parsed by hand so each mistake names the action and the field.

export type ScriptAction = (
  | { kind: 'click'; selector: string }
  | { kind: 'type'; selector: string; text: string }
  | { kind: 'press'; key: string }
  | { kind: 'scroll'; direction: 'up' | 'down' }
) & { label: string; checkpoint?: boolean; assertion?: string | null; description?: string };

export interface RecordScript {
  resolution?: string;
  source_website?: string;
  environment?: string;
  classification?: Record<string, unknown>;
  actions: ScriptAction[];
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The script, or a message naming what is wrong. */
export function parseScript(json: unknown): RecordScript | string {
  const top = Array.isArray(json) ? { actions: json } : json;
  if (!isObj(top)) return 'expected an object with "actions" (or a list of actions)';
  if (!Array.isArray(top.actions)) return '"actions" must be a list';
  for (const k of ['resolution', 'source_website', 'environment'] as const)
    if (top[k] !== undefined && typeof top[k] !== 'string') return `"${k}" must be a string`;
  if (top.classification !== undefined && !isObj(top.classification)) return '"classification" must be an object';
  const actions: ScriptAction[] = [];
  for (let i = 0; i < top.actions.length; i++) {
    const a: unknown = top.actions[i];
    const at = `actions[${i}]`;
    if (!isObj(a)) return `${at}: expected an object`;
    const str = (k: string) => (typeof a[k] === 'string' && (a[k] as string).length > 0 ? (a[k] as string) : undefined);
    let act: ScriptAction;
    if (str('click')) act = { kind: 'click', selector: str('click') as string, label: `click ${str('click')}` };
    else if (typeof a.type === 'string') {
      if (!str('into')) return `${at}: "type" needs "into": the CSS selector of the field`;
      act = { kind: 'type', selector: str('into') as string, text: a.type, label: `type ${JSON.stringify(a.type)} into ${str('into')}` };
    } else if (str('press')) act = { kind: 'press', key: str('press') as string, label: `press ${str('press')}` };
    else if (a.scroll === 'down' || a.scroll === 'up') act = { kind: 'scroll', direction: a.scroll, label: `scroll ${a.scroll}` };
    else return `${at}: expected one of "click", "type" (with "into"), "press", "scroll" ("down" or "up")`;
    if (a.checkpoint !== undefined && typeof a.checkpoint !== 'boolean') return `${at}: "checkpoint" must be true or false`;
    if (a.assertion !== undefined && a.assertion !== null && typeof a.assertion !== 'string')
      return `${at}: "assertion" must be a string or null`;
    if (a.description !== undefined && typeof a.description !== 'string') return `${at}: "description" must be a string`;
    if (a.checkpoint !== undefined) act.checkpoint = a.checkpoint;
    if (a.assertion !== undefined) act.assertion = a.assertion as string | null;
    if (a.description !== undefined) act.description = a.description;
    actions.push(act);
  }
  return {
    actions,
    ...(typeof top.resolution === 'string' ? { resolution: top.resolution } : {}),
    ...(typeof top.source_website === 'string' ? { source_website: top.source_website } : {}),
    ...(typeof top.environment === 'string' ? { environment: top.environment } : {}),
    ...(isObj(top.classification) ? { classification: top.classification } : {}),
  };
}
