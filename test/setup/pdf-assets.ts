// For strict pages (strict-page.ts): a module that names pdf.js' data files as the test server has
// them (no build ran, so there is no `pdfjs/` folder beside the script). Load it before the viewer's
// entry: `modules: ['/test/setup/pdf-assets.ts', '/components/sign-viewer/index.ts']`.
import { setPdfAssetsUrl } from '../../src/pdf/worker-src.js';

setPdfAssetsUrl('/node_modules/pdfjs-dist/');
