// window.iwr entry points for the resolver setting: which resolver picks elements
// (deterministic, llm, hybrid), the model endpoint, and counts of model requests.
import { registerApi } from './index.ts';
import { configureResolver, getResolverConfig, type PublicResolverConfig, type ResolverConfigInput } from '../resolvers/config.ts';
import { llmResolverStats, type LlmStats } from '../resolvers/llm.ts';

declare module './index.ts' {
  interface IwrApi {
    configureResolver(input: ResolverConfigInput): Promise<PublicResolverConfig>;
    resolverConfig(): Promise<PublicResolverConfig>;
    /** Model requests made and cached answers used by the llm/hybrid resolver in this page. */
    resolverStats(): LlmStats;
  }
}

registerApi({ configureResolver, resolverConfig: getResolverConfig, resolverStats: llmResolverStats });
