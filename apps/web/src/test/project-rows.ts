/** An open project as the project search's view answers it (vwProjectSearch), for the search's tests. */
export const LAKESIDE = {
  projectID: 4101,
  projectName: "Lakeside Clinic",
  projectFirstSourceNumber: "SRC-77",
  projectSecondSourceNumber: null,
  latestStatusCodeID: 12,
};
