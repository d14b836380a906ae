-- dialect conformaÿÿÿÿÿÿÿÿovethe coom,et,wanuntilt)
 if got==want then
  np+=1
 else
  nf+=1? ''''''''''''-- hello: mote8's first bundled carŒÑ