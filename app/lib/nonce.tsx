import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;
/** The CSP nonce for inline scripts; empty in the browser, where it is no longer needed. */
export const useNonce = () => useContext(NonceContext);
