export function LeaderboardScreen(_props: Record<string, unknown>) { return <p>TODO</p>; }
