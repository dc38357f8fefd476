import { formatProblem, type Problem } from '../../task/types.ts';

export function ProblemList({ problems }: { problems: readonly Problem[] }) {
  if (problems.length === 0) return null;
  return (
    <ul className="src-problems">
      {problems.map((p, i) => (
        <li key={i} className={`src-problem src-${p.severity}`}>
          <span className="src-sev">{p.severity}</span> {formatProblem(p)}
        </li>
      ))}
    </ul>
  );
}
