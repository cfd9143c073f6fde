/**
 * How an operatore is named to people (the printed day and week): today the username. The one place to change when
 * operatori get a Nome and Cognome (issue 27): "Laura Fontana" where set, the username otherwise.
 */
export const operatoreLabel = (t: { username: string }): string => t.username;
