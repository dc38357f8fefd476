export function ResultsScreen(_props: Record<string, unknown>) { return <p>TODO</p>; }
