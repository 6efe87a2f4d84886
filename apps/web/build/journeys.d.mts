export type Journey = {
  name: string;
  chunk: string;
  sources: string[];
  without?: string[];
  beyond?: string;
  apart?: string[];
  sharedWith?: string[];
};
export type BundleGraph = {
  entry: string;
  chunks: Record<string, { imports: string[]; sources: string[] }>;
};
export const JOURNEYS: Journey[];
export function filesLoadedBy(graph: BundleGraph, sources: string[]): Set<string>;
