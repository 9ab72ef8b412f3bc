export { ProjectPanel as default } from "./ProjectPanel";
