/**
 * The documents that show the topology diagram, between marker comments, and whether each one
 * shows what the topology renders to today.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Topology } from '../../../contracts/src/topology';
import { renderTopologyDiagram } from './diagram';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..', '..');
export const TOPOLOGY_DOCUMENTS = ['README.md', 'docs/architecture.md'] as const;
export const REGENERATE_COMMAND = 'npx tsx scripts/topology-diagram.ts --write';

const START = '<!-- topology:start -->';
const END = '<!-- topology:end -->';

/** What goes between the markers: the diagram, and how it comes to be. */
export const diagramBlock = (topology: Topology): string =>
  [
    '```mermaid',
    renderTopologyDiagram(topology).trimEnd(),
    '```',
    '',
    'Generated from `packages/contracts/src/topology.ts` by',
    `\`${REGENERATE_COMMAND}\`; a test fails when it is out of date.`,
  ].join('\n');

function markerSpan(text: string): { from: number; to: number } | null {
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  return start < 0 || end < start ? null : { from: start + START.length, to: end };
}

/** The text between the markers, without the blank lines around it; null without markers. */
export function markedBlock(text: string): string | null {
  const span = markerSpan(text);
  return span ? text.slice(span.from, span.to).trim() : null;
}

/** The document with its marked block replaced. */
export function withMarkedBlock(text: string, block: string): string {
  const span = markerSpan(text);
  if (!span) throw new Error(`no ${START} … ${END} block`);
  return `${text.slice(0, span.from)}\n\n${block}\n\n${text.slice(span.to)}`;
}

/** One line per document whose diagram differs from the topology's, naming the fix. */
export function staleDiagrams(topology: Topology, root = REPO_ROOT): string[] {
  const expected = diagramBlock(topology);
  return TOPOLOGY_DOCUMENTS.flatMap((document) => {
    const shown = markedBlock(fs.readFileSync(path.join(root, document), 'utf8'));
    if (shown === expected) return [];
    const problem = shown === null ? `has no ${START} … ${END} block` : 'is out of date';
    return [`${document}: the topology diagram ${problem}; run ${REGENERATE_COMMAND}`];
  });
}

/** Rewrites every document's marked block from the topology; answers the ones it changed. */
export function writeDiagrams(topology: Topology, root = REPO_ROOT): string[] {
  const block = diagramBlock(topology);
  return TOPOLOGY_DOCUMENTS.filter((document) => {
    const file = path.join(root, document);
    const text = fs.readFileSync(file, 'utf8');
    const updated = withMarkedBlock(text, block);
    if (updated !== text) fs.writeFileSync(file, updated);
    return updated !== text;
  });
}
