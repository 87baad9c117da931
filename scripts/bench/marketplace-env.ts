// Where a benchmark's own marketplace (started as `npm start` does) keeps its data and listens.
export function benchMarketplaceEnv(dataDir: string, pgPort: number, appPort: number) {
  return {
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    PORT: String(appPort),
    BASE_URL: `http://127.0.0.1:${appPort}`,
  };
}
