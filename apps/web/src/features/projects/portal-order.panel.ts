export { PortalOrderProject as default } from "./PortalOrderProject";
