// `semantic`: meaning, via the locally computed sentence embedding of the outcome.
import { embedQuery } from "../embeddings/model";
import { getVectorIndex, nearest } from "./vector-index";
import { RETRIEVAL_DEPTH, type Allowed, type Hit } from "./types";

export async function retrieveSemantic(query: string, allowed: Allowed, depth = RETRIEVAL_DEPTH): Promise<Hit[]> {
  const [index, vector] = await Promise.all([getVectorIndex(), embedQuery(query)]);
  return nearest(index, vector, depth, allowed);
}
