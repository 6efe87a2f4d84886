export type Journey = {
  name: string;
  chunk: string;
  sources: string[];
  without?: string[];
  beyond?: string;
  apart?: string[];
};
export type BundleGraph = {
  entry: string;
  chunks: Record<string, { imports: string[]; sources: string[] }>;
};
export const JOURNEYS: Journey[];
export function filesLoadedBy(graph: BundleGraph, sources: string[]): Set<string>;
export function chunkHolding(graph: BundleGraph, source: string): string;
