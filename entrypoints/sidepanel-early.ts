import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { startEarlyRequests } from '@/lib/ui/early-requests';

/**
 * Loaded by sidepanel.html as a classic script before the main bundle: asks for the first timeline
 * page while the bundle is fetched and parsed, so the answer is (nearly) there when it is needed.
 */
export default defineUnlistedScript(() => startEarlyRequests());
