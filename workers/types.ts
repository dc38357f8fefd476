// Shared shapes between worker APIs and their bridges.
export interface WorkerProgress {
  stage: string;
  done: number;
  total: number;
}
