// Loaded before each browser test file (web-test-runner.config.mjs, testRunnerHtml). Files run one
// after another in one browser on one origin, so whatever a file leaves in storage is a returning
// visitor's state to the next file's elements: a live chat stored by one file was resumed by the
// next and shown as closed (the simulator had been reset), and that file's "first chat" never
// started. Each file starts as a first visit; a file that tests returning visitors builds that
// state itself.
localStorage.clear();
sessionStorage.clear();
const databases = await indexedDB.databases();
await Promise.all(
  databases.map(
    ({ name }) =>
      new Promise<void>((resolve) => {
        if (!name) return resolve();
        const request = indexedDB.deleteDatabase(name);
        request.onsuccess = request.onerror = request.onblocked = () => resolve();
      }),
  ),
);
export {};
