console.error("demo agent placeholder");
