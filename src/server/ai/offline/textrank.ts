/**
 * TextRank over sentences (Mihalcea & Tarau 2004): sentences are nodes, edges are weighted by the
 * cosine similarity of their TF-IDF vectors, and PageRank gives each sentence its centrality.
 */

const DAMPING = 0.85;
const MAX_ITERATIONS = 50;
const TOLERANCE = 1e-6;

/** Unit-length TF-IDF vectors of token lists (IDF over the given documents). */
export function tfidfVectors(documents: string[][]): Map<string, number>[] {
  const df = new Map<string, number>();
  for (const terms of documents) for (const term of new Set(terms)) df.set(term, (df.get(term) ?? 0) + 1);
  const n = documents.length;
  return documents.map((terms) => {
    const vector = new Map<string, number>();
    for (const term of terms) vector.set(term, (vector.get(term) ?? 0) + 1);
    let norm = 0;
    for (const [term, tf] of vector) {
      const weight = (1 + Math.log(tf)) * Math.log(1 + n / (df.get(term) ?? 1));
      vector.set(term, weight);
      norm += weight * weight;
    }
    norm = Math.sqrt(norm) || 1;
    for (const [term, weight] of vector) vector.set(term, weight / norm);
    return vector;
  });
}

export function cosine(a: Map<string, number>, b: Map<string, number>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [term, weight] of small) dot += weight * (large.get(term) ?? 0);
  return dot;
}

/**
 * PageRank scores of the sentences' similarity graph. Pairs are found through an inverted index, so
 * only sentences that share a term are compared (a one-hour transcript stays well under a second).
 */
export function textRank(vectors: Map<string, number>[]): number[] {
  const n = vectors.length;
  if (n === 0) return [];
  const postings = new Map<string, number[]>();
  for (const [i, vector] of vectors.entries()) {
    for (const term of vector.keys()) {
      const list = postings.get(term);
      if (list) list.push(i);
      else postings.set(term, [i]);
    }
  }
  const edges: Map<number, number>[] = vectors.map(() => new Map());
  for (const [i, vector] of vectors.entries()) {
    const dots = edges[i] as Map<number, number>;
    for (const [term, weight] of vector) {
      for (const j of postings.get(term) ?? []) {
        if (j <= i) continue;
        dots.set(j, (dots.get(j) ?? 0) + weight * (vectors[j]?.get(term) ?? 0));
      }
    }
  }
  // Symmetric adjacency lists with each node's total outgoing weight.
  const neighbours: [number, number][][] = vectors.map(() => []);
  const outWeight = new Float64Array(n);
  for (const [i, dots] of edges.entries()) {
    for (const [j, weight] of dots) {
      if (weight <= 0) continue;
      neighbours[i]?.push([j, weight]);
      neighbours[j]?.push([i, weight]);
      outWeight[i] = (outWeight[i] ?? 0) + weight;
      outWeight[j] = (outWeight[j] ?? 0) + weight;
    }
  }
  let scores = new Float64Array(n).fill(1 / n);
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    const next = new Float64Array(n).fill((1 - DAMPING) / n);
    // Dangling sentences (no similar sentence) spread their score evenly, as in PageRank.
    let dangling = 0;
    for (let i = 0; i < n; i++) if (!outWeight[i]) dangling += scores[i] ?? 0;
    for (let i = 0; i < n; i++) {
      let sum = dangling / n;
      for (const [j, weight] of neighbours[i] ?? []) sum += ((scores[j] ?? 0) * weight) / (outWeight[j] || 1);
      next[i] = (next[i] ?? 0) + DAMPING * sum;
    }
    let delta = 0;
    for (let i = 0; i < n; i++) delta += Math.abs((next[i] ?? 0) - (scores[i] ?? 0));
    scores = next;
    if (delta < TOLERANCE) break;
  }
  return Array.from(scores);
}
