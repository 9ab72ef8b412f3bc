import { Route, Routes } from "react-router";
import { SignedInHome } from "../features/home/SignedInHome";
import { LoginPage } from "../features/login/LoginPage";

/** The routes built so far; the full page shell replaces the catch-all in a later issue. */
export function App() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="*" element={<SignedInHome />} />
    </Routes>
  );
}
