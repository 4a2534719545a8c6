/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Development builds only (`npm start`): the sandbox's API base URL. */
  readonly WXT_DEV_API_BASE_URL?: string;
  /** Development builds only (`npm start`): the sandbox's test key. */
  readonly WXT_DEV_API_KEY?: string;
}
